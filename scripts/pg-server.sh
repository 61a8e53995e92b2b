#!/usr/bin/env bash
# Usage: scripts/pg-server.sh start DIR    -- a new PostgreSQL 15 server in DIR with the FitKit schema; prints its URL
#                                            (postgres://postgres@127.0.0.1:PORT/fitkit)
#        scripts/pg-server.sh restart DIR  -- `pg_ctl restart -m fast`: ends every session, same port
#        scripts/pg-server.sh stop DIR     -- stops the server at once and deletes DIR
#
# A throwaway server: 127.0.0.1, a free port, trust auth, fsync off, run as `postgres` when called as root. It stops
# and deletes itself once the process that started it ends. Exits non-zero, with the server's log on stderr, when
# PostgreSQL (FITKIT_PG_BIN, /usr/lib/postgresql/15/bin) is missing or does not start.
set -euo pipefail

if [[ $# -ne 2 ]] || [[ "$1" != start && "$1" != restart && "$1" != stop ]]; then
  echo "usage: $0 start|restart|stop DIR" >&2
  exit 64
fi
command="$1"
work_dir="$2"

# Closes every inherited descriptor beyond 0-2 (255 is this script): a server holding one keeps its caller waiting.
for fd in "/proc/$$/fd/"*; do
  fd="${fd##*/}"
  if (( fd > 2 && fd != 255 )); then eval "exec ${fd}>&-"; fi
done

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
migrations_dir="$repo_root/Backend/migrations"
fixtures_dir="$repo_root/Tests/Fixtures/Upgrades"
pg_bin="${FITKIT_PG_BIN:-/usr/lib/postgresql/15/bin}"
data_dir="$work_dir/data"
server_log="$work_dir/server.log"

log() { echo "pg-server: $*" >&2; }

as_server_user=()
if [[ $EUID -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    log "running as root but there is no 'postgres' user to run the server as."
    exit 1
  fi
  as_server_user=(runuser -u postgres --)
fi

pg_ctl() { "${as_server_user[@]}" "$pg_bin/pg_ctl" -D "$data_dir" "$@"; }

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || echo $(( 20000 + RANDOM % 20000 ))
}

start() {
  if [[ ! -x "$pg_bin/initdb" ]]; then
    log "PostgreSQL 15 is not available ($pg_bin/initdb missing)."
    return 1
  fi
  mkdir -p "$work_dir"
  if [[ ${#as_server_user[@]} -gt 0 ]]; then
    chown postgres: "$work_dir"
  fi
  "${as_server_user[@]}" "$pg_bin/initdb" -D "$data_dir" --locale=C -E UTF8 --auth=trust -U postgres \
    >"$work_dir/initdb.log" 2>&1 || { cat "$work_dir/initdb.log" >&2; return 1; }
  # The port is picked before the server binds it, so another process may take it first: retry a few times.
  local attempt port=""
  for attempt in 1 2 3 4 5; do
    [[ $attempt -gt 1 ]] && log "starting PostgreSQL failed, retrying on another port..."
    port="$(free_port)"
    # fsync off: the server is thrown away; 400 connections: the PostgreSQL suites open many pools at once.
    if pg_ctl -l "$server_log" -w -t 60 \
         -o "-c listen_addresses=127.0.0.1 -p $port -k $work_dir -c fsync=off -c max_connections=400" \
         start >/dev/null 2>&1; then
      echo "$port" >"$work_dir/port"
      break
    fi
    port=""
  done
  if [[ -z "$port" ]]; then
    tail -n 20 "$server_log" >&2 || true
    return 1
  fi
  # A watcher stops and deletes the server once its starter (FITKIT_PG_OWNER, else the parent) is gone.
  # shellcheck disable=SC2016 # expanded by the watcher's own bash
  setsid bash -c 'tail --pid="$1" -f /dev/null; "$2" stop "$3"' fitkit-pg-watch "${FITKIT_PG_OWNER:-$PPID}" \
    "$repo_root/scripts/pg-server.sh" "$work_dir" </dev/null >/dev/null 2>&1 &

  "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres \
    -c 'create database fitkit' >/dev/null
  shopt -s nullglob
  # Each migration, then the studio data of the release it ended (Tests/Fixtures/Upgrades/NNNN_*.sql): an upgraded
  # database.
  local migration fixture
  for migration in "$migrations_dir"/*.sql; do
    for fixture in "$migration" "$fixtures_dir/$(basename "$migration" | cut -c1-4)"_*.sql; do
      PGOPTIONS="-c client_min_messages=warning" "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 \
        -h 127.0.0.1 -p "$port" -U postgres -d fitkit -f "$fixture" >/dev/null \
        || { log "$(basename "$fixture") failed."; return 1; }
    done
  done
  shopt -u nullglob
  echo "postgres://postgres@127.0.0.1:$port/fitkit"
}

case "$command" in
  start) start ;;
  # The options (port, socket directory, settings) come back from postmaster.opts.
  restart) pg_ctl -l "$server_log" -w -t 60 -m fast restart >/dev/null ;;
  stop)
    if [[ -f "$data_dir/postmaster.pid" ]]; then
      pg_ctl -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$work_dir"
    ;;
esac
