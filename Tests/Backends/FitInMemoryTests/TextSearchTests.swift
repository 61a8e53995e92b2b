import FitCore
import FitInMemory
import FitKitTestSupport
import Testing

/// Full-text search in memory beyond the shared parity table: what PostgreSQL answers but the in-memory database
/// refuses (configurations other than `simple`), and the configuration name check every backend applies.
@Suite struct TextSearchTests {
    private func seeded() async throws -> any DatabaseClient {
        let database = try InMemoryDatabase()
        try await QuerySemantics.install(on: database)
        return database.client()
    }

    private func error(_ request: FilterBuilder) async -> DatabaseError? {
        do {
            _ = try await request.executeRaw()
            return nil
        } catch {
            return error as? DatabaseError
        }
    }

    @Test func theDefaultConfigurationIsRefusedRatherThanAnsweredDifferently() async throws {
        let client = try await seeded()
        let failure = try #require(
            await error(client.from("semantics_items").select().textSearch("name", query: "alpha")))
        #expect(failure.code == "0A000")
        #expect(failure.message == "text search configuration \"english\" is not supported in memory (only \"simple\")")
    }

    @Test(arguments: TextSearchType.allCases)
    func anotherConfigurationIsRefusedForEveryType(_ type: TextSearchType) async throws {
        let client = try await seeded()
        let request = client.from("semantics_items").select().textSearch(
            "name", query: "alpha", config: "english", type: type)
        let failure = try #require(await error(request))
        #expect(failure.code == "0A000")
        #expect(failure.message.contains("\"english\""))
    }

    @Test func aConfigurationThatIsNotAnIdentifierIsRefused() async throws {
        let client = try await seeded()
        let request = client.from("semantics_items").select().fts("name", query: "alpha", config: "simple'); --")
        #expect(await error(request)?.code == "42602")
    }

    @Test func weightsAreRefusedRatherThanIgnored() async throws {
        let client = try await seeded()
        let request = client.from("semantics_items").select().fts("name", query: "alpha:A", config: "simple")
        #expect(await error(request)?.code == "0A000")
    }

    @Test func aMalformedQueryIsASyntaxError() async throws {
        let client = try await seeded()
        let request = client.from("semantics_items").select().fts("name", query: "alpha &", config: "simple")
        #expect(await error(request)?.code == "42601")
    }

    @Test func theFilterPrintsAsPostgRESTWithItsConfiguration() async throws {
        let client = try await seeded()
        let query = client.from("semantics_items").select().wfts("name", query: "a b", config: "simple").query
        #expect(query.filters.map(\.description) == ["name.wfts(simple).a b"])
        let parsed = client.from("semantics_items").select().or("name.not.fts(simple).yoga").query
        #expect(
            parsed.filters == [
                .or([
                    .not(
                        .condition(
                            column: "name", operator: .fts,
                            value: TextSearchOperand(query: "yoga", config: "simple").queryValue))
                ])
            ])
    }
}
