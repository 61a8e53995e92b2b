#!/usr/bin/env bash
# Usage: scripts/ensure-sqlite.sh
#
# FitInMemory builds against the system's SQLite: where sqlite3.h is missing, installs libsqlite3-dev with apt-get,
# or else says what to install and exits 1. Apple platforms have SQLite in their SDK.
set -euo pipefail
if [[ "$(uname)" == "Darwin" ]] || echo '#include <sqlite3.h>' | cc -E -x c - >/dev/null 2>&1; then
  exit 0
fi
if command -v apt-get >/dev/null 2>&1; then
  echo "ensure-sqlite: installing libsqlite3-dev" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y libsqlite3-dev >/dev/null
  exit 0
fi
echo "ensure-sqlite: SQLite's development files are missing (sqlite3.h): install them (libsqlite3-dev, sqlite-devel)" >&2
exit 1
