#!/usr/bin/env bash
# Builds the package and its tests (PostgreSQL support included, warnings as errors) and copies the public symbol
# graphs of the library modules, which the compiler writes as it builds them, to .build-docs/symbol-graphs/<Module>/
# (<Module>.symbols.json plus its extension graphs, <Module>@<Other>.symbols.json). Used by scripts/docs.sh and
# scripts/doc-coverage.sh.
#
# The build is the test command's own (.build, the same flags as scripts/test.sh), so CI builds postgres-nio,
# swift-crypto and the rest once for the docs and the tests, where a build folder of its own cost CI a second full
# build (about 6 minutes). The build runs through `swiftpm` (scripts/build-flags.sh), so the test build that follows
# has nothing to compile again.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build-flags.sh

scratch=.build
out=.build-docs/symbol-graphs
mapfile -t modules < <(scripts/library-modules.sh)

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# The same command as scripts/test.sh's build, so the code the documentation describes is the code CI tests, and
# neither command plans the build again after the other (with other parameters SwiftPM plans anew: 13 to 17 s on the
# 2-core CI machine, each time).
swiftpm build --build-tests --scratch-path "$scratch" "${build_flags[@]}" >"$log" 2>&1 || {
    cat "$log" >&2
    exit 1
}

# The compiler wrote every module's public symbol graphs while building it (symbol_graph_flags in
# scripts/build-flags.sh).
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
