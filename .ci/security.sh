# shellcheck shell=bash
# Sourced by .ci/run after `npm test` (usable by hand too: `bash .ci/security.sh`): installs the two
# scanners from Debian's packages when they are missing, then runs `npm run security`, which starts the
# built server on 127.0.0.1 with a throwaway data folder, scans it with sqlmap and wapiti (bounded in
# time, loopback only), and fails on any finding of medium severity or above. About 2–3 minutes.

orbit_security_packages=()
command -v sqlmap >/dev/null 2>&1 || orbit_security_packages+=(sqlmap)
command -v wapiti >/dev/null 2>&1 || orbit_security_packages+=(wapiti)
if [ "${#orbit_security_packages[@]}" -gt 0 ]; then
  echo "security: apt-get install ${orbit_security_packages[*]}"
  if [ "$(id -u)" -eq 0 ]; then orbit_sudo=(); else orbit_sudo=(sudo -n); fi
  # Once per CI run (.ci/run and .ci/services.sh set ORBIT_APT_UPDATED once they have updated).
  if [ -z "${ORBIT_APT_UPDATED:-}" ]; then
    DEBIAN_FRONTEND=noninteractive "${orbit_sudo[@]}" apt-get update -q
    ORBIT_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive "${orbit_sudo[@]}" apt-get install -y -q --no-install-recommends \
    "${orbit_security_packages[@]}" </dev/null
fi
unset orbit_security_packages orbit_sudo

# The scan runs the built server: build it if `npm test` has not (it does, in its end-to-end step).
[ -f build/server/index.js ] || npm run build </dev/null
npm run security </dev/null
