#!/usr/bin/env bash
# Usage: scripts/symbol-graphs.sh
#
# Builds the package as scripts/test.sh does (same command, same .build) and copies the library modules' public
# symbol graphs, which the compiler writes while building, to .build-docs/symbol-graphs/<Module>/ (<Module>.symbols.json
# and its extension graphs, <Module>@<Other>.symbols.json). Used by scripts/docs.sh and scripts/doc-coverage.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build-flags.sh

scratch=.build
out=.build-docs/symbol-graphs
mapfile -t modules < <(scripts/library-modules.sh)

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# The test command's build, so the docs describe the code CI tests and neither build plans again after the other.
swiftpm build --build-tests --scratch-path "$scratch" "${build_flags[@]}" >"$log" 2>&1 || {
    cat "$log" >&2
    exit 1
}

# Written by the build (symbol_graph_flags in scripts/build-flags.sh).
if [[ ! -d "$symbol_graph_dir" ]]; then
    echo "symbol-graphs.sh: the build wrote no symbol graphs to $symbol_graph_dir" >&2
    exit 1
fi

rm -rf "$out"
for module in "${modules[@]}"; do
    if [[ ! -f "$symbol_graph_dir/$module.symbols.json" ]]; then
        echo "symbol-graphs.sh: no symbol graph for $module in $symbol_graph_dir" >&2
        exit 1
    fi
    mkdir -p "$out/$module"
    cp "$symbol_graph_dir/$module.symbols.json" "$out/$module/"
    shopt -s nullglob
    for extension in "$symbol_graph_dir/$module@"*.symbols.json; do
        cp "$extension" "$out/$module/"
    done
    shopt -u nullglob
done
