#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh COMMAND [ARGS...]
#
# Runs COMMAND next to a throwaway PostgreSQL 15 server (Debian's `postgresql` package) that has the FitKit
# schema from Backend/migrations applied, with FITKIT_DATABASE_URL and PGHOST/PGPORT/PGUSER/PGDATABASE
# exported. The server listens on 127.0.0.1 only, on a free port, with trust auth and no durability (it is
# thrown away), and is stopped and deleted when the command ends. Exits with the command's status.
#
# If PostgreSQL cannot be installed or started, the command still runs without FITKIT_DATABASE_URL (the
# Postgres tests then skip) -- except in CI (CI=true), where that is a failure.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 64
fi

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
migrations_dir="$repo_root/Backend/migrations"
pg_bin="${FITKIT_PG_BIN:-/usr/lib/postgresql/15/bin}"

log() { echo "with-postgres: $*" >&2; }

# No database: fail in CI, otherwise run the command so the Postgres tests skip.
without_database() {
  log "$1"
  shift
  if [[ "${CI:-}" == "true" ]]; then
    log "CI=true: a PostgreSQL server is required, failing."
    exit 1
  fi
  log "running the command without FITKIT_DATABASE_URL; the PostgreSQL tests will skip."
  unset FITKIT_DATABASE_URL
  exec "$@"
}

install_postgres() {
  if [[ $EUID -ne 0 ]]; then
    return 1
  fi
  log "installing Debian's postgresql package..."
  local apt_log
  apt_log="$(mktemp)"
  if DEBIAN_FRONTEND=noninteractive apt-get update >"$apt_log" 2>&1 \
     && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >>"$apt_log" 2>&1; then
    rm -f "$apt_log"
  else
    tail -n 20 "$apt_log" >&2
    rm -f "$apt_log"
    return 1
  fi
}

if [[ ! -x "$pg_bin/initdb" ]]; then
  install_postgres || true
  if [[ ! -x "$pg_bin/initdb" ]]; then
    without_database "PostgreSQL 15 is not available ($pg_bin/initdb missing) and could not be installed." "$@"
  fi
fi

# The server refuses to run as root: use the postgres user then.
as_server_user=()
if [[ $EUID -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    without_database "running as root but there is no 'postgres' user to run the server as." "$@"
  fi
  as_server_user=(runuser -u postgres --)
fi

# Under /tmp when root: the postgres user must be able to reach it, which a private TMPDIR may not allow.
tmp_parent="${TMPDIR:-/tmp}"
[[ $EUID -eq 0 ]] && tmp_parent=/tmp
work_dir="$(mktemp -d "$tmp_parent/fitkit-pg.XXXXXX")"
data_dir="$work_dir/data"
server_log="$work_dir/server.log"
server_started=false

cleanup() {
  if [[ "$server_started" == true ]]; then
    "${as_server_user[@]}" "$pg_bin/pg_ctl" -D "$data_dir" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work_dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ ${#as_server_user[@]} -gt 0 ]]; then
  chown postgres: "$work_dir"
fi

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || echo $(( 20000 + RANDOM % 20000 ))
}

start_server() {
  "${as_server_user[@]}" "$pg_bin/initdb" -D "$data_dir" --locale=C -E UTF8 --auth=trust -U postgres \
    >"$work_dir/initdb.log" 2>&1 || { cat "$work_dir/initdb.log" >&2; return 1; }
  # The port is picked before the server binds it, so another process may take it first: retry a few times.
  local attempt
  for attempt in 1 2 3 4 5; do
    [[ $attempt -gt 1 ]] && log "starting PostgreSQL failed, retrying on another port..."
    port="$(free_port)"
    if "${as_server_user[@]}" "$pg_bin/pg_ctl" -D "$data_dir" -l "$server_log" -w -t 60 \
         -o "-c listen_addresses=127.0.0.1 -p $port -k $work_dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400" \
         start >/dev/null 2>&1; then
      server_started=true
      return 0
    fi
  done
  tail -n 20 "$server_log" >&2 || true
  return 1
}

port=""
if ! start_server; then
  cleanup
  trap - EXIT
  without_database "could not start PostgreSQL." "$@"
fi

# psql and pgbench of the same version as the server come first on PATH.
export PATH="$pg_bin:$PATH"
export PGHOST=127.0.0.1 PGPORT="$port" PGUSER=postgres
"$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -d postgres -c 'create database fitkit' >/dev/null
export PGDATABASE=fitkit

shopt -s nullglob
for migration in "$migrations_dir"/*.sql; do
  PGOPTIONS="-c client_min_messages=warning" "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -f "$migration" >/dev/null \
    || { log "migration $(basename "$migration") failed."; exit 1; }
done
shopt -u nullglob

export FITKIT_DATABASE_URL="postgres://postgres@127.0.0.1:$port/fitkit"
log "PostgreSQL ready at $FITKIT_DATABASE_URL"

# Not exec: the EXIT trap must still stop the server and remove the data directory. The command runs in the
# background (keeping our stdin) so that a signal to this script is handled at once: it is passed on to the
# command, and the server is stopped once the command has ended.
"$@" <&0 &
command_pid=$!
trap 'kill -TERM "$command_pid" 2>/dev/null || true' INT TERM HUP
while kill -0 "$command_pid" 2>/dev/null; do
  wait "$command_pid" || true
done
status=0
wait "$command_pid" || status=$?
exit "$status"
