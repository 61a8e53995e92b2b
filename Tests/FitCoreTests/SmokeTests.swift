import FitCore
import FitTesting
import Foundation
import Testing

@Suite struct InMemorySmokeTests {
    struct Item: Codable, Sendable, Equatable { var id: Int; var name: String?; var price: Decimal }

    @Test func insertsFiltersOrdersAndReturnsSingleRows() async throws {
        let db = try InMemoryDatabase()
        try db.createTable(TableSchema(
            name: "items",
            columns: [Column("id", .integer), Column("name", .text, nullable: true), Column("price", .numeric)],
            access: .publicRead))
        let service = db.client(as: .service)
        try await service.from("items").insert([
            Item(id: 1, name: "b", price: 2.5), Item(id: 2, name: nil, price: 1), Item(id: 3, name: "A", price: 10),
        ]).execute()
        let rows: [Item] = try await service.from("items").select().gte("price", value: "2").order("name").execute().value
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
        let orRows: [Item] = try await service.from("items").select().or("id.eq.1,name.is.null").order("id").execute().value
        #expect(orRows.map(\.id) == [1, 2])
        let none: [Item] = try await service.from("items").select().in("id", values: [Int]()).execute().value
        #expect(none.isEmpty)
        #expect(db.requests.count == 8)
    }
}
