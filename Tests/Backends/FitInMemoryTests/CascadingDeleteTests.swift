import FitCore
import FitInMemory
import Foundation
import Testing

/// `ON DELETE CASCADE` and tables outside the API's schema, as PostgreSQL and PostgREST have them.
@Suite struct CascadingDeleteTests {
    /// `owners` ← `pets` (cascade) ← `visits` (no action); `vault.keys` is outside the API.
    static func database() throws -> InMemoryDatabase {
        let database = try InMemoryDatabase()
        try InMemorySchema(
            tables: [
                TableSchema(name: "vault.keys", columns: [Column("id", .uuid)], access: .publicRead),
                TableSchema(name: "owners", columns: [Column("id", .uuid)], access: .publicRead),
                TableSchema(
                    name: "pets", columns: [Column("id", .uuid), Column("owner_id", .uuid)],
                    foreignKeys: [ForeignKey("owner_id", references: "owners", onDelete: .cascade)],
                    access: .publicRead),
                TableSchema(
                    name: "visits", columns: [Column("id", .uuid), Column("pet_id", .uuid)],
                    foreignKeys: [ForeignKey("pet_id", references: "pets")], access: .publicRead),
            ],
            functions: [
                .init("count_keys") { transaction, _ in
                    .number(Decimal(try transaction.records(in: "vault.keys").count))
                }
            ]
        ).install(on: database)
        return database
    }

    static let ann = UUID()
    static let bob = UUID()
    static let rex = UUID()
    static let tom = UUID()

    static func seeded() async throws -> InMemoryDatabase {
        let database = try database()
        let service = database.client(as: .service)
        try await service.from("owners").insert([["id": ann], ["id": bob]]).execute()
        try await service.from("pets").insert([["id": rex, "owner_id": ann], ["id": tom, "owner_id": bob]]).execute()
        try await service.from("visits").insert([["id": UUID(), "pet_id": tom]]).execute()
        return database
    }

    static func ids(_ table: String, _ database: InMemoryDatabase) async throws -> Set<UUID> {
        struct Row: Decodable { var id: UUID }
        let rows: [Row] = try await database.client(as: .service).from(table).select("id").execute().value
        return Set(rows.map(\.id))
    }

    @Test func deletingARowDeletesTheRowsThatCascadeFromIt() async throws {
        let database = try await Self.seeded()
        try await database.client(as: .service).from("owners").delete().eq("id", value: Self.ann).execute()
        #expect(try await Self.ids("owners", database) == [Self.bob])
        #expect(try await Self.ids("pets", database) == [Self.tom])
    }

    @Test func aKeyThatDoesNotCascadeStopsTheWholeDelete() async throws {
        let database = try await Self.seeded()
        let error = await #expect(throws: DatabaseError.self) {
            try await database.client(as: .service).from("owners").delete().eq("id", value: Self.bob).execute()
        }
        #expect(error?.code == "23503")
        #expect(
            error?.message
                == "update or delete on table \"pets\" violates foreign key constraint \"visits_pet_id_fkey\" on table \"visits\""
        )
        #expect(try await Self.ids("owners", database) == [Self.ann, Self.bob])
        #expect(try await Self.ids("pets", database) == [Self.rex, Self.tom])
    }

    @Test func requestsCannotNameATableOutsideTheAPIsSchemaButFunctionsCan() async throws {
        let database = try Self.database()
        let service = database.client(as: .service)
        for request in [
            service.from("vault.keys").select(), service.from("vault.keys").insert(["id": UUID()]),
        ] {
            await #expect(throws: DatabaseError.unknownTable("vault.keys")) { try await request.execute() }
        }
        let count: Int = try await service.rpc("count_keys").execute().value
        #expect(count == 0)
    }
}
