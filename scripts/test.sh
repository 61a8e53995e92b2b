#!/usr/bin/env bash
# FitKit's test command (README): builds every target, PostgreSQL support included, with warnings as
# errors, then runs the whole test suite, one test target at a time (scripts/test-targets.sh), against a throwaway
# PostgreSQL server (scripts/with-postgres.sh); then the app's feature built outside FitKit (Examples/Memberships)
# and its tests, on the same build.
# Without PostgreSQL the PostgreSQL suites skip with a message; with CI=true they fail instead.
#
# The tests start their child processes (crash-safety writers, private PostgreSQL servers, psql) with
# swift-subprocess, not Foundation's Process: on Linux, Process.run() over-reads its /proc/self/fd listing
# (swift-corelibs-foundation PR 5472, not in Swift 6.3.1) and now and then crashes the test process, which then
# hung in CI until its time limit. The timeout below turns any hang into a failure within minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build-flags.sh

swiftpm build --build-tests "${build_flags[@]}"
swiftpm build --build-tests "${example_flags[@]}"
# On Linux the tests are one executable, run here directly as `swift test` runs it: `swift test` loads the package
# again for every target, and compiles every manifest again for the first one (its environment has PostgreSQL's
# variables): 139 s against 154 for all the targets on the idle 2-core CI machine. Elsewhere (an .xctest bundle on
# Apple platforms) through `swift test`.
executable="$(test_executable "${build_flags[@]}")"
runner=(swift test --skip-build "${build_flags[@]}")
if [[ -f "$executable" && -x "$executable" ]]; then
  runner=("$executable" --testing-library swift-testing)
fi
example_executable="$(swiftpm build --show-bin-path "${example_flags[@]}")/MembershipsPackageTests.xctest"
example_runner=(swift test --skip-build "${example_flags[@]}")
if [[ -f "$example_executable" && -x "$example_executable" ]]; then
  example_runner=("$example_executable" --testing-library swift-testing)
fi
status=0
timeout --kill-after=30s 20m scripts/with-postgres.sh scripts/test-targets.sh "${runner[@]}" || status=$?
if (( status == 124 || status == 137 )); then
  echo "test.sh: the tests did not end within 20 minutes (they take about 2.5); something hangs." >&2
fi
# An app's own feature, from outside (Examples/Memberships): its scenarios on every backend, PostgreSQL included.
example_status=0
NO_COLOR=1 timeout --kill-after=30s 5m scripts/with-postgres.sh "${example_runner[@]}" >"${TMPDIR:-/tmp}/fitkit-example.log" 2>&1 \
  || example_status=$?
if (( example_status == 0 )); then
  echo "test.sh: $example_package: $(grep -E 'Test run with' "${TMPDIR:-/tmp}/fitkit-example.log" | tail -1 | sed 's/^[^T]*//')"
else
  cat "${TMPDIR:-/tmp}/fitkit-example.log"
  echo "test.sh: $example_package's tests failed" >&2
  (( status != 0 )) || status=$example_status
fi
exit "$status"
