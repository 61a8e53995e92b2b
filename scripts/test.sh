#!/usr/bin/env bash
# FitKit's test command (README): builds every target, PostgreSQL support included, with warnings as
# errors, then runs the whole test suite against a throwaway PostgreSQL server (scripts/with-postgres.sh).
# Without PostgreSQL the PostgreSQL suites skip with a message; with CI=true they fail instead.
#
# The PostgreSQL fault suite (1000 concurrent bookings against a private server it terminates and times out) runs
# in a phase of its own, after the rest: on two cores, beside every other suite, it was starved past its time
# limits (it timed out in 2 of 3 full runs, and passed 8 of 8 runs on its own). The crash-safety tests block a thread
# of the concurrency pool each while they kill their child processes; moving them to threads of their own made
# Foundation's Process.run() crash in full runs, so they stay as they were.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests --traits Postgres -Xswiftc -warnings-as-errors
scripts/with-postgres.sh swift test --skip-build --traits Postgres -Xswiftc -warnings-as-errors --skip PostgresFaultTests
scripts/with-postgres.sh swift test --skip-build --traits Postgres -Xswiftc -warnings-as-errors --filter PostgresFaultTests
