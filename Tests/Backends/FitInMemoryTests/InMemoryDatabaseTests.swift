import FitContract
import FitCore
import FitInMemory
import FitKitTestSupport
import FitTesting
import Foundation
import Members
import Testing

/// Schema defaults, constraints and the mixed read/write workload of the in-memory database.
@Suite struct InMemoryDatabaseTests {
    static let pinnedNow = Date(timeIntervalSince1970: 1_780_596_000.5)
    static let member = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!

    static let notes = TableSchema(
        name: "notes",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid, default: .actingMember),
            Column("title", .text),
            Column("kind", .text, default: .value(.text("plain"))),
            Column("created_at", .timestamp, default: .now),
        ],
        access: .ownedBy(column: "member_id", memberWritable: true))

    struct Note: Codable, Sendable, Equatable {
        var id: UUID
        var memberId: UUID
        var title: String
        var kind: String
        var createdAt: Date
    }

    @Test func defaultsFillUUIDNowActingMemberAndConstants() async throws {
        let database = try InMemoryDatabase(now: { Self.pinnedNow })
        try database.createTable(Self.notes)
        let client = database.client(as: .member(Self.member))
        let first: Note = try await client.from("notes").insert(["title": "A"] as JSONValue).select().single().execute()
            .value
        let second: Note = try await client.from("notes").insert(["title": "B"] as JSONValue).select().single()
            .execute().value
        #expect(first.memberId == Self.member)
        #expect(first.kind == "plain")
        #expect(first.createdAt == Self.pinnedNow)
        #expect(first.id != second.id)
    }

    @Test func anExplicitValueBeatsTheDefault() async throws {
        let database = try InMemoryDatabase(now: { Self.pinnedNow })
        try database.createTable(Self.notes)
        let id = UUID()
        let created = Date(timeIntervalSince1970: 0)
        let note: Note = try await database.client(as: .member(Self.member)).from("notes")
            .insert(
                ["id": .string(id.uuidString), "title": "A", "kind": "pinned", "created_at": "1970-01-01T00:00:00Z"]
                    as JSONValue
            )
            .select().single().execute().value
        #expect(note == Note(id: id, memberId: Self.member, title: "A", kind: "pinned", createdAt: created))
    }

    @Test func anonHasNoActingMemberSoTheOwnerIsNull() async throws {
        let database = try InMemoryDatabase()
        try database.createTable(
            TableSchema(
                name: "log",
                columns: [Column("id", .integer), Column("member_id", .uuid, nullable: true, default: .actingMember)],
                access: .publicRead))
        struct Row: Decodable, Sendable { var memberId: UUID? }
        let row: Row = try await database.client(as: .service).from("log").insert(["id": 1] as JSONValue).select()
            .single()
            .execute().value
        #expect(row.memberId == nil)
    }

    @Test func creatingATableTwiceFails() throws {
        let database = try InMemoryDatabase()
        try database.createTable(Self.notes)
        let error = #expect(throws: DatabaseError.self) { try database.createTable(Self.notes) }
        #expect(error?.code == "42P07")
        #expect(database.hasRelation(named: "notes"))
        #expect(!database.hasRelation(named: "other"))
    }

    @Test func aUniqueViolationNamesTheConstraintAndKey() async throws {
        let database = try InMemoryDatabase()
        try FitKitContract.install(on: database)
        try FitKitContract.install(on: database)
        let service = database.client(as: .service)
        let ann = Member(displayName: "Ann", email: "ann@example.com")
        let other = Member(displayName: "Other Ann", email: "other@example.com")
        try await BackOffice(service: service).createAccounts([NewAccount(member: ann), NewAccount(member: other)])
        let error = await #expect(throws: DatabaseError.self) {
            try await service.from("members").update(["email": "ann@example.com"] as JSONValue)
                .eq("id", value: other.id).execute()
        }
        #expect(error?.code == "23505")
        #expect(error?.message == "duplicate key value violates unique constraint \"members_email_key\"")
        #expect(error?.details == "Key (email)=(ann@example.com) already exists.")
    }

    @Test func aMemberReadsOnlyTheirOwnMemberRow() async throws {
        let database = try InMemoryDatabase()
        try FitKitContract.install(on: database)
        let ann = Member(displayName: "Ann", email: "ann@example.com", timeZone: "Europe/London")
        let bob = Member(displayName: "Bob", email: "bob@example.com")
        try await BackOffice(service: database.client(as: .service)).createAccounts([ann, bob].map(NewAccount.init))
        let visible: [Member] = try await database.client(as: .member(ann.id)).from("members").select().execute().value
        #expect(visible == [ann])
        let error = await #expect(throws: DatabaseError.self) {
            try await database.client(as: .member(ann.id)).from("members").update(
                ["display_name": "Annie"] as JSONValue
            )
            .eq("id", value: ann.id).execute()
        }
        #expect(error?.code == "42501")
    }

    @Test func writesToAViewAreRejected() async throws {
        let database = try InMemoryDatabase()
        database.createView(ViewSchema(name: "v", columns: [Column("id", .integer)]) { _ in [["id": .integer(1)]] })
        let error = await #expect(throws: DatabaseError.self) {
            try await database.client(as: .service).from("v").insert(["id": 2] as JSONValue).execute()
        }
        #expect(error?.code == "55000")
        struct Row: Decodable, Sendable { var id: Int }
        let rows: [Row] = try await database.client().from("v").select().execute().value
        #expect(rows.map(\.id) == [1])
    }

    @Test func aFunctionSeesTheActingMemberAndNow() async throws {
        let database = try InMemoryDatabase(now: { Self.pinnedNow })
        database.createFunction("whoami") { transaction, _ in
            [
                "member": .string(transaction.role.memberId?.uuidString.lowercased() ?? "none"),
                "now": .string(WireDate.string(from: transaction.now)),
            ]
        }
        struct Answer: Decodable, Sendable, Equatable {
            var member: String
            var now: Date
        }
        let answer: Answer = try await database.client(as: .member(Self.member)).rpc("whoami").execute().value
        #expect(answer == Answer(member: Self.member.uuidString.lowercased(), now: Self.pinnedNow))
    }

    @Test func aFunctionsMissingArgumentIsNamed() async throws {
        let database = try InMemoryDatabase()
        database.createFunction("needs_id") { _, arguments in .string(try arguments.uuid("session_id").uuidString) }
        let error = await #expect(throws: DatabaseError.self) { try await database.client().rpc("needs_id").execute() }
        #expect(error?.code == "PGRST202")
        #expect(error?.message.contains("session_id") == true)
    }

    /// The original smoke test: a mixed workload through the builder.
    @Test func insertsFiltersOrdersAndReturnsSingleRows() async throws {
        struct Item: Codable, Sendable, Equatable {
            var id: Int
            var name: String?
            var price: Decimal
        }
        let db = try InMemoryDatabase()
        try db.createTable(
            TableSchema(
                name: "items",
                columns: [Column("id", .integer), Column("name", .text, nullable: true), Column("price", .numeric)],
                access: .publicRead))
        let service = db.client(as: .service)
        try await service.from("items").insert([
            Item(id: 1, name: "b", price: 2.5), Item(id: 2, name: nil, price: 1), Item(id: 3, name: "A", price: 10),
        ]).execute()
        let rows: [Item] = try await service.from("items").select().gte("price", value: "2").order("name").execute()
            .value
        #expect(rows.map(\.id) == [3, 1])
        let nullsLast: [Item] = try await service.from("items").select().order("name").execute().value
        #expect(nullsLast.map(\.id) == [3, 1, 2])
        let one: Item = try await service.from("items").select().eq("id", value: 2).single().execute().value
        #expect(one.price == 1)
        await #expect(throws: DatabaseError.self) {
            let _: Item = try await service.from("items").select().single().execute().value
        }
        let ilike: [Item] = try await service.from("items").select().ilike("name", pattern: "a%").execute().value
        #expect(ilike.map(\.id) == [3])
        let orRows: [Item] = try await service.from("items").select().or("id.eq.1,name.is.null").order("id").execute()
            .value
        #expect(orRows.map(\.id) == [1, 2])
        let none: [Item] = try await service.from("items").select().in("id", values: [Int]()).execute().value
        #expect(none.isEmpty)
    }

    @Test func writeCountsCountTheWrittenRows() async throws {
        let database = try InMemoryDatabase()
        try await QuerySemantics.install(on: database)
        let response = try await database.client(as: .service).from("semantics_notes")
            .update(["status": "archived"] as JSONValue, returning: .minimal, count: .exact).eq("item_id", value: 1)
            .execute()
        #expect(response.count == 3)
        #expect(response.data.isEmpty)
    }

    @Test func upsertWithIgnoreDuplicatesKeepsTheExistingRow() async throws {
        let database = try InMemoryDatabase()
        try await QuerySemantics.install(on: database)
        let service = database.client(as: .service)
        let written = await QuerySemanticsOutcome.observe(
            service.from("semantics_items").upsert(
                [["id": 1, "name": "Changed"], ["id": 7, "name": "New"]] as JSONValue,
                ignoreDuplicates: true
            ).select("id"))
        #expect(written == .ids([7]))
        #expect(
            await QuerySemanticsOutcome.observe(service.from("semantics_items").select().eq("name", value: "Alpha"))
                == .ids([1]))
    }
}

/// Timestamps keep what the wire can carry, so a value read back filters and persists exactly.
@Suite struct InMemoryTimestampTests {
    static let preciseNow = Date(timeIntervalSince1970: 1_780_596_000.123_456_7)

    @Test func aDefaultNowReadBackMatchesItsOwnRow() async throws {
        let database = try InMemoryDatabase(now: { Self.preciseNow })
        try database.createTable(
            TableSchema(
                name: "t", columns: [Column("id", .integer), Column("created_at", .timestamp, default: .now)],
                access: .publicRead))
        let service = database.client(as: .service)
        try await service.from("t").insert(["id": 1] as JSONValue).execute()
        struct Row: Decodable, Sendable {
            var id: Int
            var createdAt: Date
        }
        let row: Row = try await service.from("t").select().single().execute().value
        let again: [Row] = try await service.from("t").select().eq("created_at", value: row.createdAt).execute().value
        #expect(again.map(\.id) == [1])
        let later: [Row] = try await service.from("t").select().gt("created_at", value: row.createdAt).execute().value
        #expect(later.isEmpty)
    }

    @Test func aTimestampAFunctionWritesSurvivesTheWire() async throws {
        let database = try InMemoryDatabase(now: { Self.preciseNow })
        try database.createTable(
            TableSchema(name: "t", columns: [Column("id", .integer), Column("at", .timestamp)], access: .publicRead))
        database.createFunction("stamp") { transaction, _ in
            try transaction.insert(
                into: "t", ["id": .integer(1), "at": .timestamp(transaction.now.addingTimeInterval(0.000_3))])
            return .null
        }
        let service = database.client(as: .service)
        try await service.rpc("stamp").execute()
        struct Row: Decodable, Sendable {
            var id: Int
            var at: Date
        }
        let row: Row = try await service.from("t").select().single().execute().value
        let again: [Row] = try await service.from("t").select().eq("at", value: row.at).execute().value
        #expect(again.map(\.id) == [1])
    }
}
