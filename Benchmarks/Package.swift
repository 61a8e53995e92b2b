// swift-tools-version: 6.2
import PackageDescription

// FitKit's benchmarks live in their own package (as SwiftNIO's do) so the library stays dependency-free.
// Run: scripts/bench.sh (or: swift run -c release --package-path Benchmarks fit-bench; add `--traits Postgres`
// and set FITKIT_DATABASE_URL for P5).
let package = Package(
    name: "FitKitBenchmarks",
    platforms: [.macOS(.v14)],
    traits: [
        .trait(
            name: "Postgres", description: "Build FitKit with its Postgres trait and run P5 (FitPostgres vs pgbench).")
    ],
    dependencies: [
        .package(
            name: "FitKit", path: "..",
            traits: [
                .defaults,
                .trait(name: "Postgres", condition: .when(traits: ["Postgres"])),
            ]),
        // Only for P5's raw-driver comparison line; compiled only with the Postgres trait.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // P4's SQLite peer (SQLite in memory through GRDB); the system's libsqlite3.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "fit-bench",
            dependencies: [
                .product(name: "FitCore", package: "FitKit"),
                .product(name: "FitStores", package: "FitKit"),
                .product(name: "Booking", package: "FitKit"),
                .product(name: "Credits", package: "FitKit"),
                .product(name: "SessionDetails", package: "FitKit"),
                .product(name: "Events", package: "FitKit"),
                .product(name: "History", package: "FitKit"),
                .product(name: "Waitlist", package: "FitKit"),
                .product(name: "FitInMemory", package: "FitKit"),
                .product(name: "FitContract", package: "FitKit"),
                .product(name: "Members", package: "FitKit"),
                .product(name: "FitOffline", package: "FitKit"),
                // O1/O2: the simulated network the offline client's server sits behind, and a clock its retries
                // never fire on (the figures call sync() themselves).
                .product(name: "FitTesting", package: "FitKit"),
                .product(name: "FitPostgres", package: "FitKit"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/fit-bench"
        )
    ]
)
