#!/usr/bin/env bash
# Usage: scripts/bench.sh
#
# Builds Benchmarks/ in release (.build-bench, or FITKIT_BENCH_SCRATCH) with its Postgres trait, falling back to the
# plain build without P5, and runs fit-bench next to a throwaway PostgreSQL (scripts/with-postgres.sh); then
# fit-realtime-bench (L2, F1) and scripts/first-run.sh (P6). Exits non-zero when any part fails. The figures and
# goals: Benchmarks/README.md.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${FITKIT_BENCH_SCRATCH:-$repo_root/.build-bench}"
build=(swift build -c release --package-path "$repo_root/Benchmarks" --scratch-path "$scratch")

if "${build[@]}" --traits Postgres >&2; then
  traits=(--traits Postgres)
else
  echo "bench: building with the Postgres trait failed; running without P5." >&2
  traits=()
  "${build[@]}" >&2
fi
bin_path="$("${build[@]}" "${traits[@]}" --show-bin-path)"

status=0
"$repo_root/scripts/with-postgres.sh" "$bin_path/fit-bench" || status=$?

# L2 and F1 need FitKit's test servers, which only the main package reaches: fit-realtime-bench, built in release with
# the RealtimeWebSocket trait into .build-bench-realtime (or FITKIT_REALTIME_BENCH_SCRATCH).
realtime_scratch="${FITKIT_REALTIME_BENCH_SCRATCH:-$repo_root/.build-bench-realtime}"
realtime_build=(swift build -c release --package-path "$repo_root" --scratch-path "$realtime_scratch"
  --traits RealtimeWebSocket --product fit-realtime-bench)
if "${realtime_build[@]}" >&2; then
  "$("${realtime_build[@]}" --show-bin-path)/fit-realtime-bench" || status=$?
else
  echo "bench: building fit-realtime-bench failed; L2 and F1 not measured." >&2
  status=1
fi
# P6: a fresh clone's first `swift run fit-demo`, until its first output (scripts/first-run.sh).
"$repo_root/scripts/first-run.sh" || status=$?
exit "$status"
