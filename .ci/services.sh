# shellcheck shell=bash
# Sourced by .ci/run (and usable by hand: `source .ci/services.sh`): starts a throwaway PostgreSQL
# cluster on 127.0.0.1 for the PostgreSQL pass of the tests, and exports DATABASE_URL for it.
# Also installs Caddy and nginx (Debian) for the reverse-proxy tests, when they are missing.
#
#   source .ci/services.sh   # installs PostgreSQL from Debian's packages when it is missing
#   npm run test:pg          # the database, API, storage and scale suites on PostgreSQL
#
# The cluster lives in a temporary folder, runs as the `postgres` user (initdb refuses root), and is
# stopped and deleted on exit by a trap that keeps any EXIT trap the caller had set before.
# Source it after `npm test` (the SQLite pass): with DATABASE_URL exported, the test helpers put
# every test file on PostgreSQL.

orbit_pg_bin_dir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/pg_ctl" ]; then
    echo "$dir"
  elif command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
  fi
}

orbit_pg_as_owner() {
  # initdb and postgres refuse to run as root: run them as `postgres` when we are root.
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# The reverse-proxy tests (tests/ops/reverse-proxy.test.ts) run the example Caddy and nginx
# configurations of docs/operations.md; they skip a proxy that is missing, so a failed install is
# reported here but does not stop the run.
orbit_install_proxies() {
  local missing=()
  [ -x /usr/bin/caddy ] || missing+=(caddy)
  [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
  [ "${#missing[@]}" -eq 0 ] && return 0
  echo "services: installing ${missing[*]} from Debian's packages (for the reverse-proxy tests)"
  export DEBIAN_FRONTEND=noninteractive
  orbit_apt_quietly install -y -qq --no-install-recommends "${missing[@]}" \
    || echo "services: could not install ${missing[*]}; those proxy tests will be skipped" >&2
}

# apt-get with no service started by a package's install script (Debian's policy-rc.d convention):
# postgresql, nginx and caddy would otherwise start system daemons on their default ports.
orbit_apt_quietly() {
  local created=
  if [ ! -e /usr/sbin/policy-rc.d ] && [ "$(id -u)" = "0" ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && created=1
  fi
  if [ -z "${ORBIT_APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null && ORBIT_APT_UPDATED=1; fi
  apt-get "$@" </dev/null >/dev/null
  local status=$?
  [ -n "$created" ] && rm -f /usr/sbin/policy-rc.d
  return $status
}

orbit_pg_start() {
  local bin port
  bin=$(orbit_pg_bin_dir)
  if [ -z "$bin" ]; then
    echo "services: installing PostgreSQL from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    orbit_apt_quietly install -y -qq postgresql || return 1
    bin=$(orbit_pg_bin_dir)
    if [ -z "$bin" ]; then
      echo "services: PostgreSQL was installed but pg_ctl cannot be found" >&2
      return 1
    fi
  fi

  ORBIT_PG_DIR=$(mktemp -d /tmp/orbit-pg.XXXXXX)
  export ORBIT_PG_DIR ORBIT_PG_BIN="$bin"
  if [ "$(id -u)" = "0" ]; then chown postgres: "$ORBIT_PG_DIR"; fi

  orbit_pg_as_owner "$bin/initdb" -D "$ORBIT_PG_DIR/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 \
    >"$ORBIT_PG_DIR/initdb.log" 2>&1 || { cat "$ORBIT_PG_DIR/initdb.log" >&2; return 1; }

  port=$(node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  # A throwaway cluster: durability settings off, so the test suites do not wait on the disk.
  orbit_pg_as_owner "$bin/pg_ctl" -D "$ORBIT_PG_DIR/data" -l "$ORBIT_PG_DIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $ORBIT_PG_DIR -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$ORBIT_PG_DIR/server.log" >&2; return 1; }

  "$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c 'create database orbit_ci' || return 1
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/orbit_ci"
  echo "services: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, DATABASE_URL=$DATABASE_URL"
}

orbit_pg_stop() {
  if [ -n "${ORBIT_PG_DIR:-}" ] && [ -d "$ORBIT_PG_DIR/data" ]; then
    orbit_pg_as_owner "$ORBIT_PG_BIN/pg_ctl" -D "$ORBIT_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$ORBIT_PG_DIR"
  fi
  ORBIT_PG_DIR=
}

# Keep the caller's EXIT trap, if any, and run ours after it.
orbit_previous_exit_trap=$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT$/\1/")
# shellcheck disable=SC2064
trap "${orbit_previous_exit_trap:+$orbit_previous_exit_trap; }orbit_pg_stop" EXIT

orbit_install_proxies
orbit_pg_start || { echo "services: could not start PostgreSQL" >&2; return 1 2>/dev/null || exit 1; }
