// swift-tools-version: 6.2
import PackageDescription

// FitKit's fuzz targets, one per parser of outside input, in their own package (as the benchmarks are) so the
// library products and `swift run fit-demo` never see libFuzzer's flags. Build and run them with scripts/fuzz.sh;
// see Fuzz/README.md.
//
// Each target is a `<Name>Fuzzer.swift` holding the `@_cdecl("LLVMFuzzerTestOneInput")` function libFuzzer calls and a
// `main.swift` that hands the process to libFuzzer's driver (FuzzSupport.runFuzzer): SwiftPM gives every executable
// its own entry point, so libFuzzer's `main` cannot be used. The whole build, FitKit's modules included, takes
// `-sanitize=fuzzer,address` from the command line; the targets reach FitKit's internal parsers with
// `@testable import`, which a debug build allows.
let package = Package(
    name: "FitKitFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "FitKit", path: "..")],
    targets: [
        .target(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Sources/FuzzSupport"),
        fuzzTarget("fuzz-logic-tree", ["FitCore", "FitSupabase"]),
        fuzzTarget("fuzz-select-list", ["FitCore", "FitInMemory", "FitSupabase"]),
        fuzzTarget("fuzz-wire-date", ["FitCore"]),
        fuzzTarget("fuzz-json-value", ["FitCore"]),
        fuzzTarget("fuzz-persistence-file", ["FitCore", "FitInMemory", "FitContract"]),
        fuzzTarget("fuzz-sql-splitter", ["FitPostgres"]),
        fuzzTarget("fuzz-jwt-claims", ["FitCore", "FitSupabase"]),
        fuzzTarget("fuzz-postgrest-response", ["FitCore", "FitSupabase"]),
        fuzzTarget("fuzz-realtime-frame", ["FitCore", "FitSupabase"]),
        fuzzTarget("fuzz-response-decoder", ["FitCore", "Members", "Booking", "Credits", "Events", "History"]),
    ]
)

/// An executable fuzz target at Sources/<name>, linked with the given FitKit products and FuzzSupport.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "FitKit") },
        path: "Sources/\(name)"
    )
}
