#!/usr/bin/env bash
# Usage: scripts/test-targets.sh COMMAND [ARGS...]
#
# Runs `COMMAND ARGS --filter '^<Target>\.'` for each test target (Tests/<Kind>/<Name>Tests, in path order, the crash suites' last), each
# within FITKIT_TARGET_TIME_LIMIT (6m), every target even after one failed; then prints one line, the tests that
# passed or the targets that failed, and exits 0 when every target passed. No colours without a terminal.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=()
# The crash suites' targets go last, when CI's ThreadSanitizer build beside the tests is mostly done: their time
# follows the machine's load.
last=(FitInMemoryTests FitOfflineTests)
for directory in Tests/*/*Tests/; do
    target=$(basename "$directory")
    [[ " ${last[*]} " == *" $target "* ]] || targets+=("$target")
done
for target in "${last[@]}"; do
    compgen -G "Tests/*/$target" >/dev/null && targets+=("$target")
done

# A hang fails its target, naming the tests still running, and the other targets still run.
target_limit=${FITKIT_TARGET_TIME_LIMIT:-6m}

# unfinished LOG: the tests and suites Swift Testing reported started in LOG and never reported ended, one a line
# ("all ended" when none: then the process itself did not exit).
unfinished() {
    awk '
        function subject(line) { # "Test x()" or "Suite X" and what follows, without the leading symbol
            return substr(line, match(line, /(Test|Suite) /))
        }
        / (Test|Suite) .* started\.$/ && !/ Test (run|case) / {
            name = subject($0); sub(/ started\.$/, "", name); open[name] = 1; next
        }
        / (Test|Suite) .* (passed|failed|skipped)/ {
            rest = subject($0)
            for (name in open) if (index(rest, name " ") == 1) delete open[name]
        }
        END { n = 0; for (name in open) { print "  " name; n++ } if (n == 0) print "  all ended" }
    ' "$1"
}

[[ -t 1 ]] || export NO_COLOR=1
started=$SECONDS
passed=0
failed=()
for target in "${targets[@]}"; do
    log=$(mktemp)
    status=0
    # A copy of the output counts the tests and names those that never ended.
    timeout --kill-after=10s "$target_limit" "$@" --filter "^$target\\." 2>&1 | tee "$log" || status=$?
    if ((status == 124 || status == 137)); then
        echo "test-targets: $target did not end within $target_limit; still running:" >&2
        unfinished "$log" >&2
    fi
    count=$(sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} .*passed.*/\1/p' "$log" | tail -1)
    rm -f "$log"
    if ((status == 0)); then
        passed=$((passed + ${count:-0}))
    else
        failed+=("$target")
    fi
done

elapsed=$((SECONDS - started))
if ((${#failed[@]} > 0)); then
    echo "test-targets: FAILED in ${failed[*]} (${#targets[@]} test targets, $elapsed s)" >&2
    exit 1
fi
echo "test-targets: $passed tests in ${#targets[@]} test targets passed ($elapsed s)"
