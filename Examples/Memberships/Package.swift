// swift-tools-version: 6.2
import PackageDescription

// An app's own feature, built outside FitKit on its products alone: FitKit's "Adding a feature module" recipe
// (Architecture.md) followed by an app team. Memberships is the feature (types, queries, a store); MembershipsContract
// declares its part of the contract (table, function, codes, replica rule, view feed, seed) and carries its SQL; the
// tests run its scenarios on every backend through FitScenarioTesting. scripts/test.sh builds and tests it. FitKit's
// article Modules/Contract/FitContract/FitContract.docc/AddingYourOwnFeature.md quotes it.
let package = Package(
    name: "Memberships",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Memberships", targets: ["Memberships"]),
        .library(name: "MembershipsContract", targets: ["MembershipsContract"]),
        .library(name: "MembershipsDemo", targets: ["MembershipsDemo"]),
        .executable(name: "memberships-demo", targets: ["memberships-demo"]),
    ],
    dependencies: [
        // FitKit, from this repository; an app names its release instead:
        // .package(url: "https://github.com/<owner>/FitKit", from: "0.1.0").
        .package(name: "FitKit", path: "../..", traits: ["Postgres", "RealtimeWebSocket"]),
        // For the demo's subcommand, as FitKit's demo uses it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "Memberships",
            dependencies: [
                .product(name: "FitCore", package: "FitKit"), .product(name: "FitStores", package: "FitKit"),
                .product(name: "Members", package: "FitKit"), .product(name: "Credits", package: "FitKit"),
            ]),
        .target(
            name: "MembershipsContract",
            dependencies: [
                "Memberships",
                .product(name: "FitCore", package: "FitKit"), .product(name: "FitInMemory", package: "FitKit"),
                .product(name: "FitContract", package: "FitKit"), .product(name: "FitOffline", package: "FitKit"),
                .product(name: "Credits", package: "FitKit"),
            ],
            resources: [.copy("0100_memberships.sql")]),
        // The feature in fit-demo: its subcommand and tour section (a DemoExtension), and an executable running them.
        .target(
            name: "MembershipsDemo",
            dependencies: [
                "Memberships", "MembershipsContract", .product(name: "FitDemoKit", package: "FitKit"),
                .product(name: "FitStores", package: "FitKit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "memberships-demo",
            dependencies: ["MembershipsDemo", .product(name: "FitDemoKit", package: "FitKit")]),
        .testTarget(
            name: "MembershipsTests",
            dependencies: [
                "Memberships", "MembershipsContract", "MembershipsDemo",
                .product(name: "FitDemoKit", package: "FitKit"),
                .product(name: "FitCore", package: "FitKit"), .product(name: "FitStores", package: "FitKit"),
                .product(name: "FitContract", package: "FitKit"), .product(name: "FitOffline", package: "FitKit"),
                .product(name: "FitTesting", package: "FitKit"), .product(name: "Members", package: "FitKit"),
                .product(name: "Credits", package: "FitKit"),
                .product(name: "FitScenarioTesting", package: "FitKit"),
            ]),
    ]
)
