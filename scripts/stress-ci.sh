#!/usr/bin/env bash
# Usage: scripts/stress-ci.sh [RUNS]
#
# Runs scripts/test.sh RUNS times (5 by default) while two busy loops hold both cores, as on a machine busy with something else;
# prints each run's time, status and summary, and exits non-zero if any run failed.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-5}"
busy=()
stop_busy() { ((${#busy[@]} == 0)) || kill "${busy[@]}" 2>/dev/null || true; }
trap stop_busy EXIT

for _ in 1 2; do
    bash -c 'while :; do :; done' &
    busy+=("$!")
done

failures=0
for ((run = 1; run <= runs; run++)); do
    log="$(mktemp -t fitkit-stress-XXXXXX.log)"
    started=$SECONDS
    if scripts/test.sh >"$log" 2>&1; then status=passed; else status=FAILED; failures=$((failures + 1)); fi
    summary="$(grep -E '^test-targets:' "$log" | tail -1 || true)"
    echo "stress-ci: run $run of $runs $status in $((SECONDS - started)) s (load $(cut -d' ' -f1-3 /proc/loadavg)): $summary (log: $log)"
done
echo "stress-ci: $((runs - failures)) passed, $failures failed"
((failures == 0))
