#!/usr/bin/env bash
# FitKit's test command (README): builds every target, PostgreSQL support included, with warnings as
# errors, then runs the whole test suite against a throwaway PostgreSQL server (scripts/with-postgres.sh).
# Without PostgreSQL the PostgreSQL suites skip with a message; with CI=true they fail instead.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests --traits Postgres -Xswiftc -warnings-as-errors
scripts/with-postgres.sh swift test --skip-build --traits Postgres -Xswiftc -warnings-as-errors
