import Events
import FitTesting
import Testing

/// The README's "Testing your app's use of FitKit" example, verbatim, so it keeps compiling and passing.
@Suite struct ReadmeExampleTests {
    @Test func addingAnEventShowsIt() async throws {
        let fixture = try await FitFixture.make()
        let store = EventsStore(queries: EventsQueries(client: fixture.client(as: fixture.alice)))
        await store.load()
        try await store.add(Event(title: "Race day", date: fixture.clock.date.addingTimeInterval(86_400)))
        #expect(store.events.map(\.title) == ["Race day"])
        #expect(fixture.database.requests.count == 2)
    }
}
