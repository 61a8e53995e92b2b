#!/usr/bin/env bash
# Usage: scripts/test.sh
#
# The README's test command: builds every target with scripts/build-flags.sh, runs every test target one at a time
# (scripts/test-targets.sh) next to a throwaway PostgreSQL (scripts/with-postgres.sh), then builds and tests
# Examples/Memberships on the same build. Without PostgreSQL those suites skip; with CI=true that fails instead.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build-flags.sh

swiftpm build --build-tests "${build_flags[@]}"
swiftpm build --build-tests "${example_flags[@]}"
# On Linux the test executable runs directly, as `swift test` would run it; elsewhere through `swift test`.
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
# The time limits end hangs; the tests take about 2.5 minutes.
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
