import FitCore
import FitInMemory
import FitKitTestSupport
import FitTesting
import Foundation
import Testing

/// The in-memory engine's indexes: a query answers exactly as without them (rows, order, counts and errors),
/// after every write path and every rollback, and `explain` shows the index the planner chose.
@Suite struct IndexTests {
    static let members = [
        UUID(uuidString: "00000000-0000-4000-8000-00000000000a")!,
        UUID(uuidString: "00000000-0000-4000-8000-00000000000b")!,
    ]
    static let studios = ["north", "south", "east", "west"]
    static let base = Date(timeIntervalSince1970: 1_780_000_000)

    static func slots(indexed: Bool) -> TableSchema {
        TableSchema(
            name: "slots",
            columns: [
                Column("id", .uuid, default: .generatedUUID),
                Column("member_id", .uuid, default: .actingMember),
                Column("studio", .text),
                Column("starts_at", .timestamp, nullable: true),
                Column("score", .integer, nullable: true),
            ],
            indexes: indexed ? [.hash("studio"), .ordered("starts_at"), .ordered("score")] : [],
            access: .ownedBy(column: "member_id", memberWritable: true))
    }

    /// A database with the `slots` table and `touch_and_fail`, a function that writes and then throws.
    static func database(indexed: Bool) throws -> InMemoryDatabase {
        let database = try InMemoryDatabase(now: { base })
        try database.createTable(slots(indexed: indexed))
        database.createFunction("touch_and_fail") { transaction, _ in
            try transaction.insert(into: "slots", ["member_id": .uuid(members[0]), "studio": .text("north")])
            try transaction.update("slots", where: { _ in true }, set: ["score": .integer(99)])
            _ = try transaction.delete(from: "slots", where: { $0["studio"] == .text("south") })
            throw DatabaseError(code: "P0001", message: "rolled back on purpose")
        }
        return database
    }

    /// A deterministic source of choices.
    struct Dice {
        var state: UInt64
        mutating func roll(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(count))
        }
        mutating func date() -> Date? {
            roll(6) == 0 ? nil : IndexTests.base.addingTimeInterval(Double(roll(12)) * 3600)
        }
        mutating func score() -> Int? { roll(5) == 0 ? nil : roll(6) }
        mutating func studio() -> String { IndexTests.studios[roll(IndexTests.studios.count)] }
        mutating func role() -> DatabaseRole { roll(3) == 0 ? .service : .member(IndexTests.members[roll(2)]) }
    }

    static func row(id: UUID, member: UUID, dice: inout Dice) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id.uuidString), "member_id": .string(member.uuidString), "studio": .string(dice.studio()),
        ]
        object["starts_at"] = dice.date().map { .string(WireDate.string(from: $0)) } ?? .null
        object["score"] = dice.score().map { .number(Decimal($0)) } ?? .null
        return .object(object)
    }

    /// One write of a random kind, as a random role; some fail and must leave both tables unchanged.
    static func write(_ dice: inout Dice, ids: inout [UUID]) -> (DatabaseRole, DatabaseQuery) {
        let role = dice.role()
        let member = role.memberId ?? members[dice.roll(2)]
        switch dice.roll(7) {
        case 0, 1:
            var rows: [JSONValue] = []
            for _ in 0..<(1 + dice.roll(20)) {
                let id = UUID()
                ids.append(id)
                rows.append(row(id: id, member: member, dice: &dice))
            }
            return (role, DatabaseQuery(target: "slots", operation: .insert, body: .array(rows)))
        case 2:
            var rows: [JSONValue] = []
            for _ in 0..<(1 + dice.roll(6)) {
                let id = dice.roll(2) == 0 && !ids.isEmpty ? ids[dice.roll(ids.count)] : UUID()
                if !ids.contains(id) { ids.append(id) }
                rows.append(row(id: id, member: member, dice: &dice))
            }
            return (
                role,
                DatabaseQuery(
                    target: "slots", operation: .upsert(onConflict: nil, ignoreDuplicates: false), body: .array(rows))
            )
        case 3:
            let body: JSONValue = [
                "starts_at": dice.date().map { .string(WireDate.string(from: $0)) } ?? .null,
                "score": dice.score().map { .number(Decimal($0)) } ?? .null,
            ]
            let filter: Filter =
                dice.roll(2) == 0
                ? .condition(column: "studio", operator: .eq, value: .string(dice.studio()))
                : .condition(column: "score", operator: .gte, value: .integer(Int64(dice.roll(6))))
            return (role, DatabaseQuery(target: "slots", operation: .update, filters: [filter], body: body))
        case 4:
            let filter: Filter =
                if dice.roll(2) == 0, !ids.isEmpty {
                    .condition(
                        column: "id", operator: .in,
                        value: .list((0..<3).map { _ in .uuid(ids[dice.roll(ids.count)]) }))
                } else {
                    .condition(column: "starts_at", operator: .lt, value: .date(dice.date() ?? base))
                }
            return (role, DatabaseQuery(target: "slots", operation: .delete, filters: [filter]))
        case 5:
            // A batch whose second row repeats the first's id: 23505, nothing written.
            let id = UUID()
            let rows: JSONValue = .array([
                row(id: id, member: member, dice: &dice), row(id: id, member: member, dice: &dice),
            ])
            return (role, DatabaseQuery(target: "slots", operation: .insert, body: rows))
        default:
            return (.service, DatabaseQuery(target: "touch_and_fail", operation: .rpc, body: .object([:])))
        }
    }

    /// The reads compared after every write: equality, `in`, ranges, both directions, NULL placement,
    /// offsets, counts and a literal that does not cast.
    static func reads(_ dice: inout Dice) -> [DatabaseQuery] {
        let studio = QueryValue.string(dice.studio())
        let from = QueryValue.date(dice.date() ?? base)
        let to = QueryValue.date((dice.date() ?? base).addingTimeInterval(4 * 3600))
        func query(
            _ filters: [Filter], order: [OrderTerm] = [], limit: Int? = nil, offset: Int? = nil,
            count: CountOption? = nil
        ) -> DatabaseQuery {
            DatabaseQuery(
                target: "slots", operation: .select, filters: filters, order: order, limit: limit, offset: offset,
                count: count)
        }
        return [
            query(
                [.condition(column: "studio", operator: .eq, value: studio)], order: [OrderTerm(column: "starts_at")],
                limit: 5),
            query(
                [
                    .condition(column: "studio", operator: .eq, value: studio),
                    .condition(column: "starts_at", operator: .gte, value: from),
                    .condition(column: "starts_at", operator: .lt, value: to),
                ], order: [OrderTerm(column: "starts_at", ascending: false)], limit: 7, offset: 2),
            query(
                [.condition(column: "studio", operator: .in, value: .list([studio, .string("east")]))],
                order: [OrderTerm(column: "score", nullsFirst: true)], limit: 10),
            query([], order: [OrderTerm(column: "starts_at", ascending: false)], limit: 3),
            query([], order: [OrderTerm(column: "starts_at", nullsFirst: true)], limit: 4, offset: 1),
            query([], order: [OrderTerm(column: "score", ascending: false, nullsFirst: false)], limit: 6),
            query(
                [
                    .condition(column: "score", operator: .gte, value: .integer(2)),
                    .condition(column: "score", operator: .lte, value: .integer(4)),
                ], order: [OrderTerm(column: "id")], count: .exact),
            query([.condition(column: "starts_at", operator: .eq, value: from)]),
            query(
                [
                    .condition(column: "score", operator: .gt, value: .integer(1)),
                    .condition(column: "score", operator: .gt, value: .integer(3)),
                    .condition(column: "studio", operator: .neq, value: studio),
                ], order: [OrderTerm(column: "score")], limit: 2),
            query(
                [.condition(column: "score", operator: .eq, value: .null)], order: [OrderTerm(column: "score")],
                limit: 2),
            query([.condition(column: "score", operator: .in, value: .list([.integer(1), .null, .integer(5)]))]),
            query(
                [.condition(column: "starts_at", operator: .gt, value: .string("not a date"))],
                order: [OrderTerm(column: "starts_at")], limit: 1),
            query(
                [
                    .or([
                        .condition(column: "studio", operator: .eq, value: studio),
                        .condition(column: "score", operator: .is, value: .null),
                    ])
                ], order: [OrderTerm(column: "starts_at")], limit: 8),
        ]
    }

    static func outcome(_ database: InMemoryDatabase, _ query: DatabaseQuery, as role: DatabaseRole) async -> String {
        do {
            let response = try await database.client(as: role).run(query)
            return String(decoding: response.data, as: UTF8.self) + " count=\(response.count.map(String.init) ?? "-")"
        } catch {
            return "error: \(error)"
        }
    }

    @Test(arguments: [1, 2, 3]) func indexedTableAnswersAsAScanAfterEveryWrite(seed: UInt64) async throws {
        let indexed = try Self.database(indexed: true)
        let plain = try Self.database(indexed: false)
        var dice = Dice(state: seed)
        var ids: [UUID] = []
        var failures = 0
        var walks = 0
        for step in 0..<150 {
            let (role, write) = Self.write(&dice, ids: &ids)
            let written = await Self.outcome(indexed, write, as: role)
            #expect(written == (await Self.outcome(plain, write, as: role)), "step \(step): \(write)")
            if written.hasPrefix("error") { failures += 1 }
            for read in Self.reads(&dice) {
                for reader in [DatabaseRole.service, .member(Self.members[0]), .anonymous] {
                    let expected = await Self.outcome(plain, read, as: reader)
                    let actual = await Self.outcome(indexed, read, as: reader)
                    #expect(actual == expected, "step \(step) as \(reader): \(read)")
                    if case .orderedWalk? = try? indexed.explain(read, as: reader) { walks += 1 }
                }
            }
        }
        let count = try await indexed.client(as: .service).from("slots").select().execute(as: [JSONValue].self).value
            .count
        #expect(count > 50, "the run grew the table")
        #expect(failures > 10, "the run exercised rolled-back writes")
        #expect(walks > 100, "the run exercised ordered walks")
    }

    @Test func explainShowsThePathThePlannerChose() async throws {
        let database = try Self.database(indexed: true)
        let service = database.client(as: .service)
        var dice = Dice(state: 7)
        var rows: [JSONValue] = []
        let known = UUID()
        for index in 0..<2000 {
            rows.append(Self.row(id: index == 0 ? known : UUID(), member: Self.members[index % 2], dice: &dice))
        }
        try await service.from("slots").insert(JSONValue.array(rows)).execute()
        let from = Self.base.addingTimeInterval(3600)

        let p4Shape = service.from("slots").select().eq("studio", value: "north").gte("starts_at", value: from)
            .order("starts_at").limit(50).query
        #expect(try database.explain(p4Shape) == .orderedWalk(column: "starts_at"))

        var counted = p4Shape
        counted.count = .exact
        let countedPath = try database.explain(counted)
        guard case .indexLookup(column: "studio", candidates: let candidates) = countedPath else {
            Issue.record("a counted query cannot stop early: \(countedPath)")
            return
        }
        #expect((300...700).contains(candidates))

        let byId = service.from("slots").select().eq("id", value: known).query
        #expect(try database.explain(byId) == .indexLookup(column: "id", candidates: 1))

        let own = service.from("slots").select().query
        #expect(
            try database.explain(own, as: .member(Self.members[1]))
                == .indexLookup(column: "member_id", candidates: 1000))
        #expect(try database.explain(own) == .scan)

        let unindexed = service.from("slots").select().neq("studio", value: "north").query
        #expect(try database.explain(unindexed) == .scan)

        let update = service.from("slots").update(["score": 1] as JSONValue).eq("studio", value: "south").query
        guard case .indexLookup(column: "studio", _) = try database.explain(update) else {
            Issue.record("an update finds its rows through the index")
            return
        }
        #expect(throws: DatabaseError.unknownColumn("nope", in: "slots")) {
            try database.explain(service.from("slots").select().eq("nope", value: 1).query)
        }
    }

    @Test func theContractDeclaresTheMigrationsIndexes() async throws {
        let fixture = try await FitFixture.make()
        let service = fixture.database.client(as: .service)
        let week = service.from("class_sessions").select().gte("starts_at", value: TestClock.defaultStartDate)
            .order("starts_at").limit(2).query
        #expect(try fixture.database.explain(week) == .orderedWalk(column: "starts_at"))
        let events = service.from("events").select().order("date").limit(2).query
        #expect(try fixture.database.explain(events) == .orderedWalk(column: "date"))
        let ledger = service.from("credit_ledger").select().eq("member_id", value: fixture.alice.id).query
        guard case .indexLookup(column: "member_id", _) = try fixture.database.explain(ledger) else {
            Issue.record("credit_ledger.member_id, a foreign key, has a hash index")
            return
        }
    }

    @Test func aHashIndexOnANumericColumnIsRefused() throws {
        let database = try InMemoryDatabase()
        let schema = TableSchema(
            name: "prices", columns: [Column("id", .uuid), Column("amount", .numeric)], indexes: [.hash("amount")],
            access: .publicRead)
        #expect {
            try database.createTable(schema)
        } throws: { error in
            (error as? DatabaseError)?.code == "0A000"
        }
        #expect(!database.hasRelation(named: "prices"))
    }
}
