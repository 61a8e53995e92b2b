#!/usr/bin/env bash
# Usage: scripts/bench.sh
#
# Runs FitKit's benchmarks (Benchmarks/, a separate package) in one release build: P1–P4, L1, O1–O2 (FitOffline's
# replay and offline reads) and memory on the in-memory database, and P5 (FitPostgres vs pgbench) next to a throwaway PostgreSQL server started by
# scripts/with-postgres.sh. Every figure is a comparison measured in this run, one line each, and the run ends
# with MET / NOT MET per goal. Then L2 and F1 (FitSupabase's live stores through the Realtime test server over
# loopback WebSockets) from fit-realtime-bench, with their own goals; last P6, a fresh clone's first `swift run
# fit-demo` (scripts/first-run.sh).
#
# Builds with the Benchmarks `Postgres` trait (which enables FitKit's); if that build fails, falls back to the
# plain build, and P5 prints "P5 skipped". The build goes to .build-bench (FITKIT_BENCH_SCRATCH overrides).
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

# L2 and F1 need FitKit's test servers (the PostgREST and Realtime test servers), which only the main package can
# reach: fit-realtime-bench, a release build of the main package with the RealtimeWebSocket trait, in its own folder
# (FITKIT_REALTIME_BENCH_SCRATCH overrides).
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
