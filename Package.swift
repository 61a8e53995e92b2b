// swift-tools-version: 6.2
import PackageDescription

// FitKit: one manifest. Modules/ and Tests/ are grouped by kind (Architecture.md draws the graph):
//
// - Modules/Core: FitCore (the interface: the query value and builder, DatabaseClient, errors, change feeds) and
//   FitStores (what every store is built from).
// - Modules/Features: Members, SessionDetails, Booking, Waitlist, Notifications, Credits, Events, History: queries,
//   stores, domain types and display models over FitCore, importing only the features they use.
// - Modules/Backends: FitInMemory (the engine with PostgreSQL's semantics, SQLite storage through CFitSQLite),
//   FitPostgres (postgres-nio, behind the `Postgres` trait), FitSupabase (PostgREST and Realtime over URLSession)
//   and FitOffline (any remote with a local replica and an outbox).
// - Modules/Contract: FitContract, the Swift mirror of Backend/migrations, one declaration per feature.
// - Modules/Testing: FitTesting (what an app's tests import) and the FitScenarioTesting product (ScenarioBackends,
//   PostgRESTTestServer). Tests/Support holds FitKit's own test helpers, which are not products.
//
// Library products have no third-party dependencies.
// Each module with member-facing text keeps it in a String Catalog, copied as it is and read at run time on every
// platform (FitCore's StringCatalog).
let catalog: [Resource] = [.copy("Resources/Localizable.xcstrings")]

let package = Package(
    name: "FitKit",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "FitCore", targets: ["FitCore"]),
        .library(name: "FitStores", targets: ["FitStores"]),
        .library(name: "Members", targets: ["Members"]),
        .library(name: "SessionDetails", targets: ["SessionDetails"]),
        .library(name: "Booking", targets: ["Booking"]),
        .library(name: "Waitlist", targets: ["Waitlist"]),
        .library(name: "Notifications", targets: ["Notifications"]),
        .library(name: "StudioDesk", targets: ["StudioDesk"]),
        .library(name: "Credits", targets: ["Credits"]),
        .library(name: "Events", targets: ["Events"]),
        .library(name: "History", targets: ["History"]),
        .library(name: "FitInMemory", targets: ["FitInMemory"]),
        .library(name: "FitPostgres", targets: ["FitPostgres"]),
        .library(name: "FitSupabase", targets: ["FitSupabase"]),
        .library(name: "FitOffline", targets: ["FitOffline"]),
        .library(name: "FitContract", targets: ["FitContract"]),
        .library(name: "FitTesting", targets: ["FitTesting"]),
        // For an app's test target: a feature's scenarios written once and run in memory, over FitSupabase against
        // the PostgREST and Realtime test servers inside it, and on PostgreSQL given FITKIT_DATABASE_URL. Unlike the
        // library products it depends on swift-nio (the servers), which no other product builds.
        .library(name: "FitScenarioTesting", targets: ["ScenarioBackends", "PostgRESTTestServer"]),
        // The demo's kit, for an app's own demo executable (its features, subcommands and tour sections as a
        // DemoExtension); like the demo, it brings swift-argument-parser.
        .library(name: "FitDemoKit", targets: ["FitDemoKit"]),
        .executable(name: "fit-demo", targets: ["FitDemo"]),
    ],
    traits: [
        .trait(name: "Postgres", description: "Build FitPostgres (and fit-demo --database-url) with postgres-nio."),
        .trait(
            name: "RealtimeWebSocket",
            description:
                "FitSupabase's Realtime on Linux: a WebSocket transport on swift-websocket's WSClient (SwiftNIO, NIOSSL)."
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // Behind the RealtimeWebSocket trait: FitSupabase's Linux WebSocket transport (and its logger); the tests'
        // Realtime server speaks WebSocket with swift-nio's NIOWebSocket.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Tests only: the local PostgREST-speaking HTTP server FitSupabase's end-to-end suite talks to.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Tests only: the child processes of the crash tests and the private PostgreSQL servers. Not Foundation's
        // `Process`, whose `run()` on Linux intermittently crashes reading `/proc/self/fd`.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // Interface
        // The wire format: JSON values and their fast reading, writing and decoding, wire dates; not a product, and
        // only JSONValue and WireDate are public (FitCore re-exports them).
        .target(name: "FitWire", path: "Modules/Core/FitWire"),
        .target(name: "FitCore", dependencies: ["FitWire"], path: "Modules/Core/FitCore", resources: catalog),

        // What features build on: stores (StoreStorage, LoadState, LoadingStore) and display formatting.
        .target(name: "FitStores", dependencies: ["FitCore"], path: "Modules/Core/FitStores", resources: catalog),

        // Features
        .target(name: "Members", dependencies: ["FitCore"], path: "Modules/Features/Members", resources: catalog),
        .target(
            name: "SessionDetails", dependencies: ["FitCore", "FitStores", "Booking"],
            path: "Modules/Features/SessionDetails",
            resources: catalog),
        .target(
            name: "Booking", dependencies: ["FitCore", "FitStores"], path: "Modules/Features/Booking",
            resources: catalog),
        .target(
            name: "Credits", dependencies: ["FitCore", "FitStores"], path: "Modules/Features/Credits",
            resources: catalog),
        .target(
            name: "Events", dependencies: ["FitCore", "FitStores"], path: "Modules/Features/Events", resources: catalog),
        .target(
            name: "History", dependencies: ["FitCore", "FitStores"], path: "Modules/Features/History",
            resources: catalog),
        .target(
            name: "Waitlist", dependencies: ["FitCore", "FitStores", "Booking", "Notifications"],
            path: "Modules/Features/Waitlist", resources: catalog),
        .target(
            name: "Notifications", dependencies: ["FitCore", "FitStores"], path: "Modules/Features/Notifications",
            resources: catalog),
        .target(
            name: "StudioDesk", dependencies: ["FitCore", "FitStores"], path: "Modules/Features/StudioDesk",
            resources: catalog),

        // Backends
        .target(name: "FitInMemory", dependencies: ["FitCore", "CFitSQLite"], path: "Modules/Backends/FitInMemory"),
        // The system's SQLite, where a persisted in-memory database keeps its rows.
        .systemLibrary(
            name: "CFitSQLite", path: "Modules/Backends/CFitSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(
            name: "FitPostgres",
            dependencies: [
                "FitCore",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Postgres"])),
            ],
            path: "Modules/Backends/FitPostgres"
        ),

        .target(
            name: "FitSupabase",
            dependencies: [
                "FitCore",
                .product(name: "WSClient", package: "swift-websocket", condition: .when(traits: ["RealtimeWebSocket"])),
                .product(name: "WSCore", package: "swift-websocket", condition: .when(traits: ["RealtimeWebSocket"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["RealtimeWebSocket"])),
            ],
            path: "Modules/Backends/FitSupabase", resources: catalog
        ),
        // Offline first: a client over any remote with a persisted in-memory replica and an outbox.
        .target(
            name: "FitOffline", dependencies: ["FitCore", "FitInMemory"], path: "Modules/Backends/FitOffline",
            resources: catalog
        ),

        // Contract: FitKit's own app — each feature's tables, views, functions, rules, view feeds and replica rules,
        // declared once; the generic layers above read them as data and name no table.
        .target(
            name: "FitContract",
            dependencies: [
                "FitCore", "FitInMemory", "FitOffline", "FitSupabase", "Members", "Booking", "Credits", "History",
                "Waitlist", "StudioDesk",
            ],
            path: "Modules/Contract/FitContract"),

        // Testing
        .target(
            name: "FitTesting",
            dependencies: [
                "FitCore", "FitInMemory", "FitContract", "Members", "Booking", "Credits", "Events", "History",
            ],
            path: "Modules/Testing/FitTesting"
        ),
        .target(
            name: "FitKitTestSupport",
            dependencies: [
                "FitCore", "FitInMemory", "FitContract", "Members", "FitTesting", "SessionDetails", "Booking",
                "Credits", "Events", "History",
            ],
            path: "Tests/Support/FitKitTestSupport"
        ),

        // One scenario harness over every backend: a feature's cases are written once, as @Test(arguments:).
        .target(
            name: "ScenarioBackends",
            dependencies: [
                "FitWire", "FitCore", "FitInMemory", "FitContract", "FitOffline", "FitPostgres", "FitSupabase",
                "FitTesting", "PostgRESTTestServer",
            ],
            path: "Modules/Testing/ScenarioBackends"
        ),
        .target(
            name: "PostgRESTTestServer",
            dependencies: [
                "FitCore", "FitInMemory", "FitContract", "FitSupabase", "Members",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Modules/Testing/PostgRESTTestServer"
        ),
        // Starting, watching and SIGKILLing the crash tests' helper executables.
        .target(
            name: "ChildProcesses",
            dependencies: [.product(name: "Subprocess", package: "swift-subprocess")],
            path: "Tests/Support/ChildProcesses"
        ),
        // A process that writes through a persisted in-memory database until it is killed: the crash-safety tests
        // start it and SIGKILL it mid-write.
        .executableTarget(
            name: "fit-crash-writer",
            dependencies: ["FitCore", "FitInMemory", "FitContract", "Members", "FitKitTestSupport"],
            path: "Tests/Support/CrashWriter"),

        // An offline client replaying its outbox into a persisted in-memory server until it is killed: the
        // crash-resume tests start it and SIGKILL it mid-replay.
        .executableTarget(
            name: "fit-outbox-replayer",
            dependencies: ["FitCore", "FitInMemory", "FitContract", "Members", "FitOffline"],
            path: "Tests/Support/OutboxReplayer"),

        // FitSupabase's live stores through the Realtime test server over loopback WebSockets (L2, F1): run by
        // scripts/bench.sh, in release with the RealtimeWebSocket trait.
        .executableTarget(
            name: "fit-realtime-bench",
            dependencies: [
                "FitCore", "FitInMemory", "FitContract", "FitSupabase", "FitStores", "Booking", "Events",
                "PostgRESTTestServer",
            ],
            path: "Tests/Support/RealtimeBenchmark"),

        // The demo
        .target(
            name: "FitDemoKit",
            dependencies: [
                "FitStores",
                "FitCore", "FitInMemory", "FitContract", "Members", "FitPostgres", "FitSupabase", "FitOffline",
                "FitTesting", "SessionDetails",
                "Booking", "Credits", "Events", "History", "Waitlist", "Notifications", "StudioDesk",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Apps/FitDemo/Sources/FitDemoKit"
        ),
        .executableTarget(name: "FitDemo", dependencies: ["FitDemoKit"], path: "Apps/FitDemo/Sources/fit-demo"),

        // Tests
        .testTarget(
            name: "FitCoreTests",
            dependencies: ["FitStores", "FitCore", "FitInMemory", "FitContract", "Members", "FitTesting"]),
        .testTarget(name: "FitWireTests", dependencies: ["FitWire", "FitCore", "FitInMemory", "FitTesting"]),
        .testTarget(
            name: "FitInMemoryTests",
            dependencies: [
                "FitInMemory", "FitContract", "Members", "FitTesting", "FitKitTestSupport", "ChildProcesses",
            ]
        ),
        .testTarget(
            name: "SessionDetailsTests",
            dependencies: ["FitStores", "FitInMemory", "FitContract", "Members", "SessionDetails", "FitTesting"]),
        .testTarget(
            name: "BookingTests",
            dependencies: [
                "FitInMemory", "FitContract", "Members", "Booking", "Credits", "FitTesting", "FitKitTestSupport",
                "ScenarioBackends",
            ]),
        .testTarget(
            name: "CreditsTests",
            dependencies: ["FitStores", "FitInMemory", "FitContract", "Members", "Credits", "Booking", "FitTesting"]),
        .testTarget(
            name: "EventsTests",
            dependencies: ["FitStores", "FitInMemory", "FitContract", "Members", "Events", "FitTesting"]),
        .testTarget(
            name: "HistoryTests",
            dependencies: ["FitStores", "FitInMemory", "FitContract", "Members", "History", "FitTesting"]),
        .testTarget(
            name: "StoreRulesTests",
            dependencies: [
                "FitStores", "FitKitTestSupport", "FitTesting", "FitSupabase", "Waitlist", "FitContract",
                "ScenarioBackends", "Notifications", "StudioDesk",
            ]),
        .testTarget(
            name: "StudioDeskTests",
            dependencies: [
                "StudioDesk", "Booking", "Credits", "Notifications", "Waitlist", "Members", "FitContract", "FitCore",
                "ScenarioBackends",
            ]),
        .testTarget(
            name: "MembersTests",
            dependencies: [
                "Members", "Booking", "Credits", "Events", "History", "Waitlist", "FitContract", "FitCore",
                "ScenarioBackends",
            ]),
        .testTarget(
            name: "WaitlistTests",
            dependencies: [
                "Waitlist", "Booking", "FitStores", "FitContract", "FitCore", "FitOffline", "FitTesting",
                "FitKitTestSupport", "ScenarioBackends", "Notifications",
            ]),
        .testTarget(
            name: "NotificationsTests",
            dependencies: [
                "Notifications", "Waitlist", "Booking", "Members", "FitStores", "FitContract", "FitCore", "FitTesting",
                "ScenarioBackends",
            ]),
        // The contract's declarations, and the check that the generic layers name none of them.
        .testTarget(name: "FitContractTests", dependencies: ["FitContract", "FitTesting", "FitKitTestSupport"]),
        .testTarget(
            name: "FitPostgresTests",
            dependencies: [
                "FitStores",
                "FitPostgres", "FitInMemory", "FitContract", "Members", "FitTesting", "FitKitTestSupport",
                "SessionDetails", "Booking",
                "Credits", "Events", "History", "FitOffline", "ScenarioBackends", "StudioDesk",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        .testTarget(
            name: "FitSupabaseTests",
            dependencies: [
                "FitStores",
                "FitSupabase", "FitInMemory", "FitContract", "Members", "FitTesting", "PostgRESTTestServer",
                "SessionDetails", "Booking",
                "Credits", "Events", "History", "FitOffline", "FitKitTestSupport",
            ]
        ),
        .testTarget(
            name: "FitOfflineTests",
            dependencies: [
                "FitStores",
                "FitOffline", "FitInMemory", "FitContract", "Members", "FitTesting", "SessionDetails", "Booking",
                "Credits", "Events", "History",
                "ChildProcesses", "ScenarioBackends",
            ]
        ),
        .testTarget(name: "PostgRESTTestServerTests", dependencies: ["PostgRESTTestServer", "FitTesting"]),
        .testTarget(
            name: "FitDemoTests",
            dependencies: [
                "FitDemoKit", "FitStores", "FitTesting", "FitInMemory", "FitContract", "Members", "PostgRESTTestServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Every module's String Catalog: the reader, each catalog against its sources, and the text in English and
        // German.
        .testTarget(
            name: "LocalizationTests",
            dependencies: [
                "FitKitTestSupport", "FitCore", "FitStores", "FitOffline", "Members", "SessionDetails", "Booking",
                "Credits", "Events",
                "History", "Waitlist", "Notifications", "FitSupabase", "StudioDesk",
            ]),
        // The DocC articles' code (Modules/*/*.docc), compiled and run, and the check that the articles quote it.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "FitStores", "FitKitTestSupport",
                "FitCore", "FitInMemory", "FitContract", "Members", "FitPostgres", "FitSupabase", "FitOffline",
                "FitTesting", "SessionDetails",
                "Booking", "Credits", "Events", "Waitlist", "Notifications", "PostgRESTTestServer", "ScenarioBackends",
                "StudioDesk",
            ],
            // The articles' code compiles as a new Xcode project compiles it (SE-0444): a member is visible only
            // through an import of its own module, so the imports the snippets show are the ones they need.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)

// On Linux, where SwiftUI does not exist, the SwiftUI article's views type-check against a stand-in with SwiftUI's
// shapes (Tests/Support/SwiftUIStandIn); on Apple platforms against SwiftUI itself.
// Each test target lives in Tests/<kind>/<name>, beside the kind of module it tests.
let testKinds: [String: [String]] = [
    "Core": ["FitCoreTests", "FitWireTests"],
    "Contract": ["FitContractTests"],
    "Features": [
        "BookingTests", "CreditsTests", "EventsTests", "HistoryTests", "MembersTests", "NotificationsTests",
        "SessionDetailsTests", "StudioDeskTests", "WaitlistTests",
    ],
    "Backends": [
        "FitInMemoryTests", "FitOfflineTests", "FitPostgresTests", "FitSupabaseTests", "PostgRESTTestServerTests",
    ],
    "Project": ["DocumentationTests", "LocalizationTests", "StoreRulesTests"],
    "Apps": ["FitDemoTests"],
]
for (kind, names) in testKinds {
    for name in names {
        guard let target = package.targets.first(where: { $0.name == name && $0.type == .test }) else {
            fatalError("Package.swift: no test target \(name)")
        }
        target.path = "Tests/\(kind)/\(name)"
    }
}

#if os(Linux)
    package.targets.append(.target(name: "SwiftUI", path: "Tests/Support/SwiftUIStandIn"))
    package.targets.first { $0.name == "DocumentationTests" }?.dependencies.append("SwiftUI")
#endif
