#!/usr/bin/env bash
# Usage: scripts/bench.sh
#
# Runs FitKit's benchmarks (Benchmarks/, a separate package) in one release build: P1–P4, L1, O1–O2 (FitOffline's
# replay and offline reads) and memory on the in-memory database, and P5 (FitPostgres vs pgbench) next to a throwaway PostgreSQL server started by
# scripts/with-postgres.sh. Every figure is a comparison measured in this run, one line each, and the run ends
# with MET / NOT MET per goal.
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

exec "$repo_root/scripts/with-postgres.sh" "$bin_path/fit-bench"
