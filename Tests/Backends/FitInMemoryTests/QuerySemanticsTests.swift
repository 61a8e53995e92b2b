import FitCore
import FitInMemory
import FitKitTestSupport
import FitTesting
import Testing

/// The in-memory database against PostgreSQL's documented semantics: every case of the shared table,
/// each on a freshly seeded database.
@Suite struct InMemoryQuerySemanticsTests {
    @Test(arguments: QuerySemantics.cases)
    func matchesPostgreSQL(_ semanticsCase: QuerySemanticsCase) async throws {
        let database = try InMemoryDatabase()
        try await QuerySemantics.install(on: database)
        let observed = await semanticsCase.run(on: database.client())
        #expect(observed == semanticsCase.expectedOutcomes)
    }

    @Test func caseNamesAreUnique() {
        let names = QuerySemantics.cases.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func theSeedIsInstalledAsDescribed() async throws {
        let database = try InMemoryDatabase()
        try await QuerySemantics.install(on: database)
        let service = database.client(as: .service)
        #expect(
            await QuerySemanticsOutcome.observe(service.from("semantics_items").select().order("id"))
                == .ids([1, 2, 3, 4, 5]))
        #expect(
            await QuerySemanticsOutcome.observe(service.from("semantics_notes").select().order("id"))
                == .ids([1, 2, 3, 4]))
    }
}
