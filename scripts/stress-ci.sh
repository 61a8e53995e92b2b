#!/usr/bin/env bash
# Usage: scripts/stress-ci.sh [RUNS]
#
# Runs the README's test command (scripts/test.sh) RUNS times (5 by default) while two busy loops hold both cores,
# as a contributor's machine that is building something else would: no test may depend on an idle machine. Prints
# each run's time and status and exits non-zero if any run failed. The busy loops end with the script.
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
