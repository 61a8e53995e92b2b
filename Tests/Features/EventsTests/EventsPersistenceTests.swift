import Events
import FitCore
import FitTesting
import Foundation
import Testing

@Suite struct EventsPersistenceTests {
    @Test func eventsSurviveARestartOfTheFileBackedDatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fitkit-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fitkit.json")

        let before = try await EventsHarness(persistingTo: file)
        await before.store.load()
        for event in FitFixture.sampleEvents() { try await before.store.add(event) }
        try await before.store.delete(id: FitFixture.sampleEvents()[0].id)
        var edited = FitFixture.sampleEvents()[2]
        edited.title = "Wedding anniversary"
        try await before.store.update(edited)
        try await before.store(for: FitFixture.bob).add(Event(title: "B's", date: FitFixture.referenceDate))
        let expected = before.store.events
        #expect(expected.count == 3)

        let after = try await EventsHarness(persistingTo: file)
        await after.store.load()
        #expect(after.store.error == nil)
        #expect(after.store.events == expected)
        #expect(after.store.events.first { $0.id == edited.id }?.title == "Wedding anniversary")
        #expect(after.store.events.contains { $0.imageData == Data([0x89, 0x50, 0x4E, 0x47]) })
        let other = after.store(for: FitFixture.bob)
        await other.load()
        #expect(other.events.map(\.title) == ["B's"])
    }
}
