#!/usr/bin/env bash
# Usage: scripts/test-targets.sh COMMAND [ARGS...]
#
# Runs the package's tests one test target at a time (`COMMAND ARGS --filter '^<Target>\.'` for each folder
# Tests/<kind>/*Tests, in name order but the crash suites' targets last), every target even after one failed, then prints one
# line: the tests that ran and passed, or the targets that failed. Exits 0 when every target passed. Used by
# scripts/test.sh (the README's tests), which gives either the built test executable with `--testing-library
# swift-testing` or `swift test --skip-build` with the build's flags. Without a terminal the output has no colours, as
# `swift test` gives it.
#
# Why not one `swift test` for everything: on the 2-core CI machine, the README's tests all at once took 153 s and
# 282 CPU-seconds (the whole machine's, PostgreSQL's included); one target at a time, 140 s and 202. Swift Testing
# starts every test of the run at once, so the suites that wait on other processes (private PostgreSQL servers, the
# crash tests' children) and the ones that compute share two cores with everything else for the whole run; the
# extra CPU time grows with that sharing (three targets at a time cost 69 CPU-seconds against 56 one by one). Each
# `swift test` cost about a second to start, so where nothing waits on another process, as in CI's ThreadSanitizer
# run, one run of everything is the quicker: 46 s against 76 s one target at a time. Run directly, the test
# executable starts in a tenth of a second: all targets took 139 s against 154 through `swift test` (idle machine).
set -euo pipefail
cd "$(dirname "$0")/.."

targets=()
# The targets with the crash suites (FitInMemoryTests' CrashSafetyTests, FitOfflineTests' OutboxCrashTests) go last.
# Each starts a child process at every one of its 200 kill moments, so its time follows the machine's load: in CI,
# beside the ThreadSanitizer build, FitInMemoryTests took 39 to 152 s depending on how much of the build it met; the
# other targets take about two minutes together, by when that build is mostly done.
last=(FitInMemoryTests FitOfflineTests)
for directory in Tests/*/*Tests/; do
    target=$(basename "$directory")
    [[ " ${last[*]} " == *" $target "* ]] || targets+=("$target")
done
for target in "${last[@]}"; do
    compgen -G "Tests/*/$target" >/dev/null && targets+=("$target")
done

# One target's time limit: the slowest takes about 2.5 minutes beside CI's ThreadSanitizer build. A hang then fails
# that target with the names of the tests it was in, and the other targets still run.
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
    # The output goes on as it comes; a copy is kept to count the tests and, when the target runs out of time, to
    # name the tests that started and never ended.
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
