# Usage: source scripts/build-flags.sh   (scripts/test.sh, scripts/symbol-graphs.sh, .ci/run)
#
# The README's test build's flags, so that the build phase, the docs and the tests share one build in .build; the
# `swiftpm` wrapper and `test_executable`. Each flag's reason and measured gain: scripts/README.md.
# shellcheck shell=bash disable=SC2034 # the variables are for the scripts that source this file
symbol_graph_dir="$PWD/.build/symbol-graphs"
# The compiler writes each module's public symbol graph while building it, for the docs.
symbol_graph_flags=(-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$symbol_graph_dir"
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public)
whole_module_flags=()
unoptimised_c_flags=()
if [[ "${CI:-}" == true ]]; then
    # Whole-module, one job per module, still unoptimised and testable with DEBUG defined; C at -O0.
    whole_module_flags=(-c release -Xswiftc -Onone -Xswiftc -enable-testing -Xswiftc -DDEBUG --disable-dead-strip
        -Xswiftc -no-emit-module-separately-wmo)
    unoptimised_c_flags=(-Xcc -O0)
fi
# Warnings fail the build; no debug information (build without -debug-info-format none to step through a test).
compile_flags=(-Xswiftc -warnings-as-errors -debug-info-format none "${whole_module_flags[@]}" "${unoptimised_c_flags[@]}"
    "${symbol_graph_flags[@]}")
build_flags=(--traits "Postgres,RealtimeWebSocket" "${compile_flags[@]}")
# Examples/Memberships builds in FitKit's .build with the same flags; its own manifest enables the two traits.
example_package=Examples/Memberships
example_flags=(--package-path "$example_package" --scratch-path "$PWD/.build" "${compile_flags[@]}")

# swiftpm ARGS…: `swift ARGS…` with deterministic hashing and without SHLVL, OLDPWD and _, so that SwiftPM plans the
# same build from every script and does not recompile it.
swiftpm() { env -u SHLVL -u OLDPWD -u _ SWIFT_DETERMINISTIC_HASHING=1 swift "$@"; }

# test_executable BUILD-FLAGS…: the path of the package's test executable in the build those flags make
# (FitKitPackageTests.xctest; an .xctest bundle on Apple platforms).
test_executable() { echo "$(swiftpm build --show-bin-path "$@")/FitKitPackageTests.xctest"; }
