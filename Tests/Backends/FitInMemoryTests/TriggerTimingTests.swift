import FitCore
import FitInMemory
import FitKitTestSupport
import Foundation
import Testing

/// Triggers fire as PostgreSQL fires them: at the end of each statement, inside the trigger whose write set them off,
/// each table's in order, a cascade's behind its cause (``TriggerTiming``; FitPostgresTests runs the same on
/// PostgreSQL).
@Suite struct TriggerTimingTests {
    struct Line: Decodable { var entry: String }

    static func log(_ database: InMemoryDatabase) async throws -> [String] {
        let lines: [Line] = try await database.client(as: .service).from("log").select("entry").order("position")
            .execute().value
        return lines.map(\.entry)
    }

    @Test("a function's statements fire their triggers one by one, as on PostgreSQL")
    func aFunctionsStatementsFireOneByOne() async throws {
        let database = try TriggerTiming.inMemoryDatabase()
        let seen: Int = try await database.client(as: .service).rpc("run").execute().value
        #expect(seen == 1)
        #expect(try await Self.log(database) == TriggerTiming.expectedLog)
    }

    @Test("a request's write fires its table's triggers, then the cascade's")
    func aRequestsWriteFiresItsTriggers() async throws {
        let database = try TriggerTiming.inMemoryDatabase()
        let service = database.client(as: .service)
        try await service.from("parents").insert(["id": 2]).execute()
        try await service.from("children").insert(["id": 20, "parent_id": 2]).execute()
        try await service.from("parents").delete().eq("id", value: 2).execute()
        #expect(
            try await Self.log(database) == [
                "parent insert 2", "child insert 20", "parent update 2", "parent delete 2", "child delete 20",
            ])
    }

    @Test("a trigger that keeps setting itself off fails the request with 54001 and writes nothing")
    func endlessTriggersFail() async throws {
        let database = try InMemoryDatabase()
        try InMemorySchema(
            tables: [
                TableSchema(
                    name: "counters", columns: [Column("id", .integer), Column("n", .integer)], access: .publicRead)
            ],
            triggers: [
                InMemoryTrigger(name: "again", on: "counters") { transaction, rows in
                    for row in rows {
                        guard case .integer(let n) = row.new?["n"] else { continue }
                        try transaction.update(
                            "counters", where: { $0["id"] == row.new?["id"] }, set: ["n": .integer(n + 1)])
                    }
                }
            ]
        ).install(on: database)
        let error = await #expect(throws: DatabaseError.self) {
            try await database.client(as: .service).from("counters").insert(["id": 1, "n": 0]).execute()
        }
        #expect(error?.code == "54001")
        struct Row: Decodable { var id: Int }
        let rows: [Row] = try await database.client(as: .service).from("counters").select("id").execute().value
        #expect(rows.isEmpty)
    }
}
