import FitContract
import FitCore
import FitInMemory
import Foundation
import Testing

/// FitKit's one seed: every feature declares rows, fixed ids are stable and readable, fresh ids let seeds share a
/// database, and writing twice changes nothing.
@Suite("The seed")
struct SeedTests {
    static let now = Date(timeIntervalSince1970: 1_780_596_000)  // 2026-06-04 18:00 UTC

    /// How many rows each table of the contract holds.
    static func rowCounts(_ database: InMemoryDatabase) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in FitKitContract.schema.exposedTables.map(\.name) {
            let rows: [JSONValue] = try await database.client(as: .service).from(table).select().execute().value
            counts[table] = rows.count
        }
        return counts
    }

    @Test("every table of the contract gets rows from its feature's declaration")
    func everyTableIsSeeded() async throws {
        let database = try InMemoryDatabase.embedded(now: { Self.now })
        try await FitKitSeed.fixed.write(using: database.client(as: .service), now: Self.now)
        let counts = try await Self.rowCounts(database)
        #expect(counts.filter { $0.value == 0 }.keys.sorted() == [])
        #expect(counts["members"] == 6)
        #expect(counts["studios"] == 2)
        #expect(FitKitContract.features.allSatisfy { $0.seed != nil })
    }

    @Test("fixed ids read as their kind and number, and are the same every time")
    func fixedIDsAreReadable() {
        #expect(FitKitSeed.fixed.reformerPilates.uuidString == "5E550000-0000-4000-8000-000000000001")
        #expect(FitKitSeed.fixed.alice.id.uuidString == "A11CE000-0000-4000-8000-000000000001")
        #expect(FitKitSeed.fixed.maya.email == "maya@fitkit.example")
        #expect(FitKitSeed(identity: .fixed).upcomingClass == FitKitSeed.fixed.upcomingClass)
    }

    @Test("fresh ids differ from the fixed ones and from each other, keep UUID version 4, and stay distinct per row")
    func freshIDsAreTheirOwn() {
        let one = FitKitSeed.fresh()
        let two = FitKitSeed.fresh()
        #expect(one.alice.id != FitKitSeed.fixed.alice.id && one.alice.id != two.alice.id)
        #expect(one.alice.id == one.alice.id)
        #expect(one.alice.id.uuidString.dropFirst(14).first == "4")
        #expect(Set(one.ruleClasses).count == 7)
        #expect(one.alice.email != FitKitSeed.fixed.alice.email)
    }

    @Test("writing a fixed seed twice changes nothing; two fresh seeds share one database")
    func rewritingAndSharing() async throws {
        let database = try InMemoryDatabase.embedded(now: { Self.now })
        let service = database.client(as: .service)
        try await FitKitSeed.fixed.write(using: service, now: Self.now)
        let once = try await Self.rowCounts(database)
        try await FitKitSeed.fixed.write(using: service, now: Self.now.addingTimeInterval(3600))
        #expect(try await Self.rowCounts(database) == once)

        try await FitKitSeed.fresh().write(using: service, now: Self.now)
        let twice = try await Self.rowCounts(database)
        #expect(twice["members"] == 12 && twice["class_sessions"] == 2 * (once["class_sessions"] ?? 0))
        // The exercise catalogue is shared: both seeds use the one there is.
        #expect(twice["exercises"] == once["exercises"])
    }
}
