#!/usr/bin/env bash
# CI's pass on a WordPress export made in the run by a real WordPress (.ci/run; by hand: `bash .ci/wordpress.sh`
# from anywhere, as root to install the packages):
#
#   bash .ci/wordpress.sh make DIR   # 1-3 below: the export in DIR (CI runs it in the background of `npm test`)
#   bash .ci/wordpress.sh test DIR   # 4 below, on the export in DIR (needs build/, which `npm test` makes)
#   bash .ci/wordpress.sh            # both, in a temporary folder removed on exit
#
#  1. Installs Debian's wordpress, MariaDB and PHP when they are missing (no service is started).
#  2. Runs tests/fixtures/wordpress/make-fixture.sh into DIR: a throw-away MariaDB on a socket in its own
#     temporary folder (removed on exit, also when a step fails), WordPress filled through its PHP API, exported
#     with export_wp(), and each of the site's addresses asked of it (old-urls.txt). Without network: in a network
#     namespace of its own when the machine allows one (only the loopback), and WordPress itself is configured to
#     make no HTTP request.
#  3. Compares that export with the committed fixture: WordPress's output must not have changed shape.
#  4. Runs the import's tests with WP_FIXTURE_DIR=DIR: the reader's, the import's (notices and their files byte
#     for byte, albums with their photos in order, the report, the dry run, a second import) and the command's,
#     and the operations test that asks the built server for each address the old site served. It prints
#     "Tests: N passed, N failed" as the other passes do.
# The admin's import page runs the same import on the same files; its tests stay on the committed fixture.

# DIR is read before moving to the project's root, where the commands below run.
if [ -n "${2:-}" ]; then
  mkdir -p "$2" && set -- "$1" "$(cd "$2" && pwd)"
fi
cd "$(dirname "$0")/.." || exit 1

orbit_wp_missing() {
  local missing=()
  local command
  for command in php mariadbd mariadb-install-db mariadb-admin mariadb; do
    command -v "$command" >/dev/null 2>&1 || missing+=("$command")
  done
  [ -f /usr/share/wordpress/wp-settings.php ] || missing+=(wordpress)
  command -v php >/dev/null 2>&1 &&
    php -r 'exit(extension_loaded("mysqli") && extension_loaded("xml") && extension_loaded("gd") ? 0 : 1);' ||
    missing+=(php-extensions)
  [ "${#missing[@]}" -gt 0 ] && echo "${missing[*]}"
  return 0
}

orbit_wp_install() {
  local missing created= status
  missing=$(orbit_wp_missing)
  [ -z "$missing" ] && return 0
  echo "wordpress: installing Debian's wordpress, mariadb-server and PHP (missing: $missing)"
  if [ "$(id -u)" != "0" ]; then
    echo "wordpress: run as root to install them: apt-get install -y --no-install-recommends wordpress mariadb-server php-cli php-mysql php-xml php-gd" >&2
    return 1
  fi
  # No service is started by a package's install script (Debian's policy-rc.d convention): mariadb-server's
  # would otherwise start the system's database.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && created=1
  fi
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "${ORBIT_APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null && ORBIT_APT_UPDATED=1; fi
  apt-get install -y -qq --no-install-recommends wordpress mariadb-server php-cli php-mysql php-xml php-gd \
    </dev/null >/dev/null
  status=$?
  [ -n "$created" ] && rm -f /usr/sbin/policy-rc.d
  [ "$status" -eq 0 ] || return "$status"
  missing=$(orbit_wp_missing)
  [ -z "$missing" ] || { echo "wordpress: still missing after the install: $missing" >&2; return 1; }
}

# Runs make-fixture.sh into $1, in a network namespace with only the loopback when the machine allows one.
orbit_wp_make() {
  local out=$1
  local script=tests/fixtures/wordpress/make-fixture.sh
  if command -v unshare >/dev/null 2>&1 && command -v ip >/dev/null 2>&1 && unshare -n true 2>/dev/null; then
    echo "wordpress: making the export without network (a network namespace with only the loopback)"
    WP_FIXTURE_OUT="$out" unshare -n bash -c 'ip link set lo up && exec bash "$0"' "$script"
  else
    echo "wordpress: making the export (no network namespace here: WordPress is configured to make no request)"
    WP_FIXTURE_OUT="$out" bash "$script"
  fi
}

# The export a remake gives differs from the committed one only in when it was made (its created= comment,
# <pubDate>, and the year and month in the guid of each menu item, which WordPress makes from the site's clock in
# Nepal's time, so a run after the fixture's month differs there); the WordPress version in it may move with
# Debian's security updates. Anything else is a change in
# what WordPress writes, which the import must be checked against: remake the fixture and look at the diff.
orbit_wp_compare() {
  local fresh=$1 committed=tests/fixtures/wordpress status=0 diffs
  diffs=$(mktemp -d /tmp/orbit-wp-diff.XXXXXX)
  local normalise='s/created="[^"]*"/created=""/; s#^(\s*)<pubDate>[^<]*</pubDate>$#\1<pubDate></pubDate>#; s#(WordPress/|\?v=)[0-9][0-9.]*#\1VERSION#; s#(<guid isPermaLink="false">http://old\.orbit\.test/)[0-9]{4}/[0-9]{2}/#\1YYYY/MM/#'
  if ! diff -u <(sed -E "$normalise" "$committed/export.xml") <(sed -E "$normalise" "$fresh/export.xml") \
    >"$diffs/export.diff"; then
    head -n 60 "$diffs/export.diff"
    echo "wordpress: WordPress's export changed shape (diff above, committed → fresh)." >&2
    status=1
  fi
  if ! diff -u "$committed/old-urls.txt" "$fresh/old-urls.txt" >"$diffs/urls.diff"; then
    head -n 40 "$diffs/urls.diff"
    echo "wordpress: the addresses the WordPress site serves changed (diff above, committed → fresh)." >&2
    status=1
  fi
  if ! diff <(cd "$committed/uploads" && find . -type f | sort) <(cd "$fresh/uploads" && find . -type f | sort); then
    echo "wordpress: WordPress made other files in uploads/ (diff above, committed → fresh)." >&2
    status=1
  elif ! diff -r -q "$committed/uploads" "$fresh/uploads" >/dev/null; then
    # The images are drawn by PHP's GD: a newer libgd may encode them differently, which changes no shape.
    echo "wordpress: note: some uploads differ byte for byte from the committed ones (the same files)."
  fi
  rm -rf "$diffs"
  if [ "$status" -ne 0 ]; then
    echo "wordpress: check the import against it, then remake the fixture (bash tests/fixtures/wordpress/make-fixture.sh) and commit it." >&2
    return 1
  fi
  grep -o 'generator="WordPress/[^"]*"' "$fresh/export.xml" | head -n 1 | sed 's/^/wordpress: same shape as the committed export, /'
}

orbit_wp_tests() {
  local fresh=$1 results status=0
  results=$(mktemp -d /tmp/orbit-wp-results.XXXXXX)
  WP_FIXTURE_DIR="$fresh" npx vitest run --reporter=default --reporter=json --outputFile.json="$results/unit.json" \
    server/modules/import/wxr-reader.test.ts server/modules/import/uploads-archive.test.ts \
    server/modules/import/wordpress-import.test.ts scripts/import.test.ts \
    </dev/null || status=1
  WP_FIXTURE_DIR="$fresh" npx vitest run --config vitest.ops.config.ts --reporter=default --reporter=json \
    --outputFile.json="$results/ops.json" tests/ops/wordpress-old-addresses.test.ts </dev/null || status=1
  node --input-type=module -e "
    import { countsLine, readJson, vitestCounts, withExitStatus } from './scripts/test-counts.mjs';
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const file of ['unit.json', 'ops.json']) {
      const counts = vitestCounts(readJson('$results/' + file)) ?? { passed: 0, failed: 1, skipped: 0 };
      for (const key of Object.keys(total)) total[key] += counts[key];
    }
    const line = countsLine(withExitStatus(total, { ok: $status === 0 && total.failed === 0, expectsReport: true }));
    console.log(line);
  "
  rm -rf "$results"
  return "$status"
}

orbit_wp_make_into() {
  local out=$1
  orbit_wp_install || return 1
  orbit_wp_make "$out" || { echo "wordpress: make-fixture.sh failed" >&2; return 1; }
  orbit_wp_compare "$out"
}

orbit_wp_cleanup() {
  [ -n "${ORBIT_WP_DIR:-}" ] && rm -rf "$ORBIT_WP_DIR"
  ORBIT_WP_DIR=
}

case "${1:-}" in
  make)
    [ -n "${2:-}" ] || { echo 'Usage: bash .ci/wordpress.sh make DIR' >&2; exit 2; }
    orbit_wp_make_into "$2" || exit 1
    ;;
  test)
    [ -f "${2:-}/export.xml" ] || { echo 'Usage: bash .ci/wordpress.sh test DIR (a folder make wrote)' >&2; exit 2; }
    orbit_wp_tests "$(cd "$2" && pwd)" || { echo "wordpress: the import's tests failed on the fresh export" >&2; exit 1; }
    ;;
  '')
    # The temporary folder goes on exit, also when a step fails.
    trap orbit_wp_cleanup EXIT
    orbit_wp_started=$SECONDS
    ORBIT_WP_DIR=$(mktemp -d /tmp/orbit-wp-export.XXXXXX)
    orbit_wp_make_into "$ORBIT_WP_DIR/fixture" || exit 1
    orbit_wp_tests "$ORBIT_WP_DIR/fixture" || { echo "wordpress: the import's tests failed on the fresh export" >&2; exit 1; }
    echo "wordpress: made, compared and imported in $((SECONDS - orbit_wp_started)) s"
    ;;
  *)
    echo 'Usage: bash .ci/wordpress.sh [make DIR | test DIR]' >&2
    exit 2
    ;;
esac
