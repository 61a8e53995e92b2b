# Sourced by scripts/test.sh, scripts/symbol-graphs.sh, scripts/fuzz.sh and .ci/run: the flags of the README's test
# build, in one place, so the docs and the tests phases reuse the build phase's products instead of building again.
#
# - Postgres,RealtimeWebSocket: every target, PostgreSQL support and the Linux WebSocket transport included.
# - -warnings-as-errors: a warning fails the build.
# - -debug-info-format none: no DWARF. The tests never need it (a failed expectation still names its file and line,
#   a crash its functions), and leaving it out cut a clean build from 717 to 615 CPU-seconds on the 2-core CI
#   machine (374 to 316 s). Build without it to step through a test in a debugger.
# - with CI=true (CI's clean builds, scripts/stress-ci.sh), the same code built whole-module: SwiftPM's release
#   configuration, but unoptimised (-Onone), testable and with DEBUG defined, as the debug configuration is, and
#   without dead stripping. One compiler job per module instead of batches that each parse the whole module again: a
#   clean build on the 2-core CI machine took 296 s and 575 CPU-seconds against 344 s and 657 (a third of either is
#   compiling the two copies of BoringSSL, postgres-nio's TLS and crypto, 767 C and C++ files at about 0.3 s each),
#   and the ThreadSanitizer build (.ci/run, which adds whole_module_flags) 125 s against 143. Locally the debug
#   configuration stays: after an edit to one test file it rebuilds in about half the time.
#   In this build the C and C++ targets are compiled unoptimised too (unoptimised_c_flags, -Xcc -O0, as the debug
#   configuration does; the release configuration would give clang -O2): swift-nio-ssl's BoringSSL alone then took
#   137 CPU-seconds instead of 188, and a clean build 270 s and 522 CPU-seconds against 313 s and 605. The tests
#   hardly run that C code (no TLS: the test servers speak plain TCP and PostgreSQL trusts local connections). The
#   ThreadSanitizer build compiles no BoringSSL (neither trait), so it keeps clang's -O2 for the C it runs.
#   Each module's one job also writes its .swiftmodule (-no-emit-module-separately-wmo): by default the driver adds
#   a job per module that only emits the module, type-checking the whole module a second time so that the modules
#   that import it can start sooner; on two cores, with dozens of modules ready to build at any time, that head start
#   gains nothing. With -O0 C (above), a clean build took 232 s and 448 CPU-seconds without those jobs against 270 s
#   and 522, the ThreadSanitizer build 114 s and 211 against 146 s and 273.
# - -emit-symbol-graph: each module's public symbol graph is written while it is compiled, into symbol_graph_dir, for
#   the documentation (scripts/symbol-graphs.sh). `swift package dump-symbol-graph`, which this replaces, extracts the
#   graphs afterwards by loading every module of the build again, third-party ones included: 40 of the docs phase's
#   93 s on the 2-core CI machine.
symbol_graph_dir="$PWD/.build/symbol-graphs"
symbol_graph_flags=(-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$symbol_graph_dir"
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public)
whole_module_flags=()
unoptimised_c_flags=()
if [[ "${CI:-}" == true ]]; then
    whole_module_flags=(-c release -Xswiftc -Onone -Xswiftc -enable-testing -Xswiftc -DDEBUG --disable-dead-strip
        -Xswiftc -no-emit-module-separately-wmo)
    unoptimised_c_flags=(-Xcc -O0)
fi
# shellcheck disable=SC2034 # used by the scripts that source this file
compile_flags=(-Xswiftc -warnings-as-errors -debug-info-format none "${whole_module_flags[@]}" "${unoptimised_c_flags[@]}"
    "${symbol_graph_flags[@]}")
build_flags=(--traits Postgres,RealtimeWebSocket "${compile_flags[@]}")
# The app's feature built outside FitKit (Examples/Memberships, scripts/test.sh): the same build in the same folder,
# so SwiftPM finds FitKit's modules and the third-party ones already built and compiles only the example's own (about
# 15 s, where a build of its own took minutes). Its manifest enables FitKit's two traits itself, as an app names a
# dependency's traits, so its flags are the compile flags without --traits.
example_package=Examples/Memberships
example_flags=(--package-path "$example_package" --scratch-path "$PWD/.build" "${compile_flags[@]}")

# swiftpm ARGS…: `swift ARGS…` with deterministic hashing in SwiftPM's own process, for the commands that plan the
# README's build (`swift build`). SwiftPM 6.3 writes the enabled traits' defines
# (-DPostgres -DRealtimeWebSocket) in a Swift Set's order, which Swift's per-process random hashing changes from one
# run to the next; every time SwiftPM plans the build again (after any SwiftPM command with other parameters, such
# as `swift test`), the order flipped half the time and every FitKit module was compiled again
# (35-145 s on the 2-core CI machine, in the tests phase of most CI runs and four of five stress runs). `swift test`
# is not run this way: the tests keep Swift's random hashing.
# SwiftPM also compiles every package manifest again (about 11 s on the 2-core CI machine) and plans the build anew
# whenever its environment differs from the previous command's, and a script nested one level deeper has another
# SHLVL (and OLDPWD, and `_`): `swiftpm` leaves those three out, so the build phase, the docs' build and the test
# command's build each find the others' work.
swiftpm() { env -u SHLVL -u OLDPWD -u _ SWIFT_DETERMINISTIC_HASHING=1 swift "$@"; }

# test_executable BUILD-FLAGS…: the path of the package's test executable in the build those flags make
# (FitKitPackageTests.xctest; on Apple platforms an .xctest bundle instead). On Linux scripts/test.sh and .ci/run's
# ThreadSanitizer phase run it directly, as `swift test` runs it, without `swift test` loading the package again.
test_executable() { echo "$(swiftpm build --show-bin-path "$@")/FitKitPackageTests.xctest"; }
