# Sourced by scripts/test.sh, scripts/symbol-graphs.sh and .ci/run: the flags of the README's test build, in one
# place, so the docs and the tests phases reuse the build phase's products instead of building again.
#
# - Postgres,RealtimeWebSocket: every target, PostgreSQL support and the Linux WebSocket transport included.
# - -warnings-as-errors: a warning fails the build.
# - -debug-info-format none: no DWARF. The tests never need it (a failed expectation still names its file and line,
#   a crash its functions), and leaving it out cut a clean build from 717 to 615 CPU-seconds on the 2-core CI
#   machine (374 to 316 s). Build without it to step through a test in a debugger.
# shellcheck disable=SC2034 # used by the scripts that source this file
build_flags=(--traits Postgres,RealtimeWebSocket -Xswiftc -warnings-as-errors -debug-info-format none)
