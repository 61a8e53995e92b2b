#!/usr/bin/env bash
# Builds the package (PostgreSQL support included, warnings as errors) and writes the public symbol graphs of the
# library modules to .build-docs/symbol-graphs/<Module>/ (<Module>.symbols.json plus its extension graphs,
# <Module>@<Other>.symbols.json). Used by scripts/docs.sh and scripts/doc-coverage.sh.
#
# The build is the test command's own (.build, the same flags as scripts/test.sh), so CI builds postgres-nio,
# swift-crypto and the rest once for the docs and the tests, where a build folder of its own cost CI a second full
# build (about 6 minutes). Both SwiftPM commands run through `swiftpm` (scripts/build-flags.sh), so the test build
# that follows has nothing to compile again.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build-flags.sh

scratch=.build
out=.build-docs/symbol-graphs
mapfile -t modules < <(scripts/library-modules.sh)

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# The same flags as scripts/test.sh, so the code the documentation describes is the code CI tests.
swiftpm build --scratch-path "$scratch" "${build_flags[@]}" >"$log" 2>&1 || {
    cat "$log" >&2
    exit 1
}

# dump-symbol-graph also tries the test-only module SwiftPM generates (FitKitPackageTests), which it cannot
# load, and then exits 1: that one failure is expected; any other error fails this script.
rm -rf "$scratch"/*/symbolgraph
if swiftpm package --scratch-path "$scratch" "${build_flags[@]}" \
    dump-symbol-graph --minimum-access-level public >"$log" 2>&1; then
    :
fi
unexpected="$(grep -E '^error:' "$log" | grep -v -E "for 'FitKitPackage(Discovered)?Tests'" || true)"
if [[ -n "$unexpected" ]]; then
    cat "$log" >&2
    exit 1
fi
written="$(sed -n 's/^Files written to //p' "$log")"
if [[ -z "$written" || ! -d "$written" ]]; then
    cat "$log" >&2
    echo "symbol-graphs.sh: dump-symbol-graph wrote no symbol graphs" >&2
    exit 1
fi

rm -rf "$out"
for module in "${modules[@]}"; do
    if [[ ! -f "$written/$module.symbols.json" ]]; then
        echo "symbol-graphs.sh: no symbol graph for $module in $written" >&2
        exit 1
    fi
    mkdir -p "$out/$module"
    cp "$written/$module.symbols.json" "$out/$module/"
    shopt -s nullglob
    for extension in "$written/$module@"*.symbols.json; do
        cp "$extension" "$out/$module/"
    done
    shopt -u nullglob
done
