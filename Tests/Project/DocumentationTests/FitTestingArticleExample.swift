import Events
import FitContract
import FitStores
import FitTesting
import Testing

/// The FitTesting landing page's example (Modules/Testing/FitTesting/FitTesting.docc/FitTesting.md), verbatim, with the page's
/// imports.
@Suite struct FitTestingArticleExample {
    @Test func aStoreLoadsFromTheFixture() async throws {
        let fixture = try await FitFixture.make()
        let store = EventsStore(queries: EventsQueries(client: fixture.client(as: fixture.alice)))
        await store.load()

        #expect(store.error == nil)
        #expect(store.events.isEmpty)
    }
}
