#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh COMMAND [ARGS...]
#
# Runs COMMAND next to a throwaway PostgreSQL 15 with the migrations applied (scripts/pg-server.sh; installs Debian's
# `postgresql` when root and it is missing), exporting FITKIT_DATABASE_URL, FITKIT_PG_BIN and PGHOST/PGPORT/PGUSER/
# PGDATABASE; stops the server afterwards and exits with COMMAND's status. Without a server COMMAND runs anyway (the
# PostgreSQL tests skip), except with CI=true, where that fails.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 64
fi

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
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

# Under /tmp when root: the server runs as the postgres user, which must be able to reach it, and a private
# TMPDIR may not allow that.
if [[ $EUID -eq 0 ]] && ! id postgres >/dev/null 2>&1; then
  without_database "running as root but there is no 'postgres' user to run the server as." "$@"
fi
tmp_parent="${TMPDIR:-/tmp}"
[[ $EUID -eq 0 ]] && tmp_parent=/tmp
work_dir="$(mktemp -d "$tmp_parent/fitkit-pg.XXXXXX")"

cleanup() { "$repo_root/scripts/pg-server.sh" stop "$work_dir" || true; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if ! FITKIT_DATABASE_URL="$(FITKIT_PG_BIN="$pg_bin" FITKIT_PG_OWNER=$$ "$repo_root/scripts/pg-server.sh" start "$work_dir")"; then
  cleanup
  trap - EXIT
  without_database "could not start PostgreSQL." "$@"
fi
export FITKIT_DATABASE_URL
port="$(cat "$work_dir/port")"

# psql and pgbench of the same version as the server come first on PATH.
export PATH="$pg_bin:$PATH"
export PGHOST=127.0.0.1 PGPORT="$port" PGUSER=postgres PGDATABASE=fitkit
export FITKIT_PG_BIN="$pg_bin"
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
