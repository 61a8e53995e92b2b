#!/usr/bin/env bash
# Fuzzes FitKit's parsers of outside input with libFuzzer (the separate package Fuzz/, one target per parser; see
# Fuzz/README.md). Linux, with the toolchain's libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh list                 the targets
#   scripts/fuzz.sh TARGET SECONDS       build (when needed), then fuzz TARGET for SECONDS
#   scripts/fuzz.sh all SECONDS          every target in turn, SECONDS each (CI: `scripts/fuzz.sh all 3`)
#
#   FUZZ_RUNS=N      also stop after N executions (the full runs: FUZZ_RUNS=5000000 scripts/fuzz.sh TARGET 600)
#   FUZZ_ARGS="…"    more libFuzzer options
#
# Everything lives under .build-fuzz (never .build): the build, and per target a working corpus
# (.build-fuzz/corpus/TARGET: the committed seeds of Fuzz/Corpus/TARGET plus what earlier runs found, so the
# committed corpus is never written to), the log (.build-fuzz/logs/TARGET.log) and the findings
# (.build-fuzz/findings/TARGET/crash-…, leak-…, timeout-…, oom-…). Each input gets 10 s (-timeout) and the process
# 2048 MB (-rss_limit_mb). A target prints one line: its executions and time (libFuzzer's final "Done N runs in T
# second(s)"), speed, corpus size and findings. Any finding (crash, failed property, leak, timeout, out of memory)
# prints libFuzzer's report and the artifact's path, and the script exits 1 (after the other targets, for `all`).
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/build-flags.sh
scratch=.build-fuzz
# With CI=true the fuzz build is whole-module and unoptimised, as the test build is (whole_module_flags,
# scripts/build-flags.sh): one compiler job per module, in SwiftPM's release folder. Locally it stays a debug build.
configuration=debug
((${#whole_module_flags[@]} == 0)) || configuration=release
usage() {
    echo "usage: scripts/fuzz.sh list | scripts/fuzz.sh TARGET SECONDS | scripts/fuzz.sh all SECONDS" >&2
    exit 2
}

targets() {
    local directory
    for directory in Fuzz/Sources/fuzz-*/; do
        directory=${directory%/}
        echo "${directory#Fuzz/Sources/fuzz-}"
    done
}

build() {
    local log="$scratch/logs/build.log" started=$SECONDS
    mkdir -p "$scratch/logs"
    # lld instead of gold: the same binaries, without gold's thousands of "cannot export local symbol" warnings.
    if ! swift build --package-path Fuzz --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address \
        -Xswiftc -use-ld=lld "${whole_module_flags[@]}" >"$log" 2>&1; then
        cat "$log" >&2
        echo "fuzz.sh: the build failed" >&2
        exit 1
    fi
    echo "fuzz build: $((SECONDS - started)) s ($log)"
}

# fuzz TARGET SECONDS: prints the summary line; returns 1 on a finding.
fuzz() {
    local target="$1" seconds="$2"
    local binary="$PWD/$scratch/$configuration/fuzz-$target" corpus="$PWD/$scratch/corpus/$target"
    local findings="$PWD/$scratch/findings/$target" log="$PWD/$scratch/logs/$target.log"
    local work="$PWD/$scratch/work/$target" dictionary="$PWD/Fuzz/Dictionaries/$target.dict"
    mkdir -p "$corpus" "$findings" "$work/tmp"
    cp -R Fuzz/Corpus/"$target"/. "$corpus"/
    local options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$findings/")
    [[ -f "$dictionary" ]] && options+=(-dict="$dictionary")
    [[ -n "${FUZZ_RUNS:-}" ]] && options+=(-runs="$FUZZ_RUNS")
    # shellcheck disable=SC2206 # FUZZ_ARGS is a list of options, split on purpose
    [[ -n "${FUZZ_ARGS:-}" ]] && options+=(${FUZZ_ARGS})

    local status=0 started=$SECONDS
    # SWIFT_BACKTRACE off: Swift's own crash handler would run first and trip AddressSanitizer; libFuzzer's handler
    # reports a failed property (a fatalError) as a crash and saves the input. TMPDIR: the persistence target's files.
    (cd "$work" && TMPDIR="$work/tmp" SWIFT_BACKTRACE=enable=no "$binary" "${options[@]}" "$corpus" >"$log" 2>&1) ||
        status=$?

    # libFuzzer's last line, "Done N runs in T second(s)"; after a finding there is none, so its final stats and
    # this script's clock stand in.
    local final executions elapsed size
    final=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$log" | tail -1 || true)
    if [[ -n "$final" ]]; then
        executions=$(awk '{print $2}' <<<"$final")
        elapsed=$(awk '{print $5}' <<<"$final")
    else
        executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        executions=${executions:-0}
        elapsed=$((SECONDS - started))
    fi
    size=$(find "$corpus" -type f | wc -l)
    local speed=$executions
    ((elapsed > 0)) && speed=$((executions / elapsed))
    if ((status == 0)); then
        echo "fuzz $target: $executions executions in $elapsed s ($speed/s), corpus $size inputs, 0 findings"
        return 0
    fi
    local artifact kind
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    kind=$(grep -m1 -oE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer): [a-z -]+|fuzz property failed' "$log" ||
        echo "exit status $status")
    echo "fuzz $target: FINDING ($kind) after $executions executions in $elapsed s; log $log" >&2
    grep -E -A40 'Fatal error|ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)' "$log" | head -60 >&2 || true
    echo "fuzz $target: artifact ${artifact:-none} (reproduce: $binary ${artifact:-ARTIFACT})" >&2
    return 1
}

command="${1:-}"
case "$command" in
list)
    targets
    ;;
all)
    [[ $# -eq 2 && "$2" =~ ^[0-9]+$ ]] || usage
    build
    # As many targets at once as the machine has cores (FUZZ_JOBS overrides): each fuzzer is one process on one core,
    # so the smoke takes the time of one target per core instead of one per target. Reports print in target order.
    jobs_max=${FUZZ_JOBS:-$(nproc)}
    reports="$scratch/reports"
    rm -rf "$reports"
    mkdir -p "$reports"
    for target in $(targets); do
        while (($(jobs -rp | wc -l) >= jobs_max)); do wait -n || true; done
        (
            status=0
            fuzz "$target" "$2" >"$reports/$target.out" 2>&1 || status=$?
            echo "$status" >"$reports/$target.status"
        ) &
    done
    wait
    failed=()
    for target in $(targets); do
        cat "$reports/$target.out"
        [[ "$(cat "$reports/$target.status" 2>/dev/null)" == "0" ]] || failed+=("$target")
    done
    if ((${#failed[@]} > 0)); then
        echo "fuzz.sh: findings in: ${failed[*]}" >&2
        exit 1
    fi
    ;;
*)
    [[ $# -eq 2 && "$2" =~ ^[0-9]+$ ]] || usage
    targets | grep -qx -- "$command" || {
        echo "fuzz.sh: no target \"$command\"; targets: $(targets | tr '\n' ' ')" >&2
        exit 2
    }
    build
    fuzz "$command" "$2"
    ;;
esac
