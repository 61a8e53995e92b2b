#!/usr/bin/env bash
# Usage: scripts/fuzz.sh list              the targets
#        scripts/fuzz.sh TARGET SECONDS    builds Fuzz/ when needed, then fuzzes TARGET for SECONDS
#        scripts/fuzz.sh all SECONDS       every target, SECONDS each, one per core at a time (FUZZ_JOBS)
#        FUZZ_RUNS=N also stops after N executions; FUZZ_ARGS="…" adds libFuzzer options.
#
# Builds Fuzz/ with libFuzzer and AddressSanitizer into .build-fuzz, where each target also keeps its corpus, log and
# findings; prints one line per target and exits 1 on any finding (crash, failed property, leak, timeout, out of
# memory) after printing libFuzzer's report. Linux only. Details: Fuzz/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-fuzz
configuration=debug
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
    # lld: gold prints thousands of "cannot export local symbol" warnings for these binaries.
    if ! swift build --package-path Fuzz --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address \
        -Xswiftc -use-ld=lld >"$log" 2>&1; then
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
    local options=(-max_total_time="$seconds" -timeout=10 -print_final_stats=1 -artifact_prefix="$findings/")
    [[ -f "$dictionary" ]] && options+=(-dict="$dictionary")
    [[ -n "${FUZZ_RUNS:-}" ]] && options+=(-runs="$FUZZ_RUNS")
    # shellcheck disable=SC2206 # FUZZ_ARGS is a list of options, split on purpose
    [[ -n "${FUZZ_ARGS:-}" ]] && options+=(${FUZZ_ARGS})

    local status=0 started=$SECONDS
    # SWIFT_BACKTRACE off, so that libFuzzer's handler, not Swift's, reports a crash and saves the input.
    # TMPDIR: the persistence target's files.
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
    # One target per core at a time (each fuzzer is one process); reports print in target order.
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
