// swift-tools-version: 6.2
import PackageDescription

// FitKit: one manifest, one folder per module (Modules/<Name>), one test target per module.
// Library products have no third-party dependencies. PostgreSQL support is opt-in through the
// `Postgres` trait, so neither the libraries nor `swift run fit-demo` compile postgres-nio by default.
let package = Package(
    name: "FitKit",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "FitCore", targets: ["FitCore"]),
        .library(name: "SessionDetails", targets: ["SessionDetails"]),
        .library(name: "Booking", targets: ["Booking"]),
        .library(name: "Credits", targets: ["Credits"]),
        .library(name: "Events", targets: ["Events"]),
        .library(name: "History", targets: ["History"]),
        .library(name: "FitTesting", targets: ["FitTesting"]),
        .library(name: "FitPostgres", targets: ["FitPostgres"]),
        .executable(name: "fit-demo", targets: ["FitDemo"]),
    ],
    traits: [
        .trait(name: "Postgres", description: "Build FitPostgres (and fit-demo --database-url) with postgres-nio."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .target(name: "FitCore", path: "Modules/FitCore"),
        .target(name: "Booking", dependencies: ["FitCore", "Credits"], path: "Modules/Booking"),
        .target(name: "Credits", dependencies: ["FitCore"], path: "Modules/Credits"),
        .target(name: "SessionDetails", dependencies: ["FitCore", "Booking", "Credits"], path: "Modules/SessionDetails"),
        .target(name: "Events", dependencies: ["FitCore"], path: "Modules/Events"),
        .target(name: "History", dependencies: ["FitCore"], path: "Modules/History"),
        .target(
            name: "FitTesting",
            dependencies: ["FitCore", "Booking", "Credits", "Events", "History"],
            path: "Modules/FitTesting"
        ),
        .target(
            name: "FitPostgres",
            dependencies: [
                "FitCore",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Postgres"])),
            ],
            path: "Modules/FitPostgres"
        ),
        .target(
            name: "FitDemoKit",
            dependencies: [
                "FitCore", "SessionDetails", "Booking", "Credits", "Events", "History", "FitTesting", "FitPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Apps/FitDemo/Sources/FitDemoKit"
        ),
        .executableTarget(name: "FitDemo", dependencies: ["FitDemoKit"], path: "Apps/FitDemo/Sources/fit-demo"),

        .testTarget(name: "FitCoreTests", dependencies: ["FitCore", "FitTesting"]),
        .testTarget(name: "BookingTests", dependencies: ["Booking", "Credits", "FitTesting"]),
        .testTarget(name: "CreditsTests", dependencies: ["Credits", "Booking", "FitTesting"]),
        .testTarget(name: "SessionDetailsTests", dependencies: ["SessionDetails", "FitTesting"]),
        .testTarget(name: "EventsTests", dependencies: ["Events", "FitTesting"]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "FitTesting"]),
        .testTarget(
            name: "FitPostgresTests",
            dependencies: ["FitPostgres", "FitTesting", "Booking", "Credits", "Events", "History"]
        ),
        .testTarget(name: "FitDemoTests", dependencies: ["FitDemoKit", "FitTesting"]),
    ]
)
