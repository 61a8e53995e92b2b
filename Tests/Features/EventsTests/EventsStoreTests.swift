import Events
import FitCore
import FitStores
import FitTesting
import Foundation
import Observation
import Testing

@Suite struct EventsStoreTests {
    @Test func loadsTheMembersEventsSoonestFirst() async throws {
        let harness = try await EventsHarness()
        for event in FitFixture.sampleEvents() { try await harness.store.add(event) }
        let fresh = harness.store(for: FitFixture.alice)
        #expect(fresh.events.isEmpty)
        await fresh.load()
        #expect(fresh.events.map(\.title) == ["Race day", "Anniversary", "Birthday", "Marathon"])
        #expect(fresh.events == FitFixture.sampleEvents().sorted())
        #expect(fresh.error == nil)
        #expect(!fresh.isLoading)
    }

    @Test func addingKeepsTheListSortedAndStoresTheRowForTheMember() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        let samples = FitFixture.sampleEvents()
        for event in samples { try await harness.store.add(event) }
        #expect(harness.store.events.map(\.title) == ["Race day", "Anniversary", "Birthday", "Marathon"])
        let stored = try await harness.storedRows()
        #expect(stored.map(\.title) == ["Anniversary", "Birthday", "Marathon", "Race day"])
        #expect(stored.allSatisfy { $0.memberId == FitFixture.alice.id })
        #expect(Set(stored.map(\.id)) == Set(samples.map(\.id)))
    }

    @Test func addingStoresTheTrimmedTitle() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        let saved = try await harness.store.add(Event(title: "  Party  ", date: FitFixture.referenceDate))
        #expect(saved.title == "Party")
        #expect(harness.store.events.map(\.title) == ["Party"])
        #expect(try await harness.storedRows().map(\.title) == ["Party"])
    }

    @Test func editingReplacesTheEventAndResorts() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        for event in FitFixture.sampleEvents() { try await harness.store.add(event) }
        var marathon = try #require(harness.store.events.first { $0.title == "Marathon" })
        marathon.title = "Half marathon"
        marathon.date = FitFixture.referenceDate.addingTimeInterval(3600)
        marathon.textColor = RGBAColor(red: 1, green: 2, blue: 3, alpha: 4)
        try await harness.store.update(marathon)
        #expect(harness.store.events.map(\.title) == ["Race day", "Half marathon", "Anniversary", "Birthday"])
        #expect(harness.store.events[1] == marathon)
        let stored = try await harness.storedRows()
        #expect(stored.count == 4)
        #expect(stored.first { $0.id == marathon.id }?.textColor == "#01020304")
        await harness.store.load()
        #expect(harness.store.events[1] == marathon)
    }

    @Test func editingCanRemoveAPicture() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        var birthday = try await harness.store.add(FitFixture.sampleEvents()[1])
        #expect(birthday.imageData == Data([0x89, 0x50, 0x4E, 0x47]))
        birthday.imageData = nil
        try await harness.store.update(birthday)
        await harness.store.load()
        #expect(harness.store.events.first?.imageData == nil)
    }

    @Test func deletingByIdRemovesOnlyThatEvent() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        for event in FitFixture.sampleEvents() { try await harness.store.add(event) }
        let birthday = FitFixture.sampleEvents()[1]
        try await harness.store.delete(id: birthday.id)
        #expect(harness.store.events.map(\.title) == ["Race day", "Anniversary", "Marathon"])
        #expect(try await harness.storedRows().map(\.title) == ["Anniversary", "Marathon", "Race day"])
    }

    @Test(arguments: [
        (IndexSet([0]), ["Anniversary", "Birthday", "Marathon"]),
        (IndexSet([1, 3]), ["Race day", "Birthday"]),
        (IndexSet(0..<4), []),
        (IndexSet([2, 9]), ["Race day", "Anniversary", "Marathon"]),
    ])
    func deletingAtOffsetsRemovesThoseRowsOfTheSortedList(offsets: IndexSet, remaining: [String]) async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        for event in FitFixture.sampleEvents() { try await harness.store.add(event) }
        harness.database.clearRequestLog()
        try await harness.store.delete(atOffsets: offsets)
        #expect(harness.database.requests.count == 1, "one request for the whole swipe")
        #expect(harness.store.events.map(\.title) == remaining)
        #expect(try await harness.storedRows().map(\.title) == remaining.sorted())
    }

    @Test func deletingNothingSendsNothing() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        harness.database.clearRequestLog()
        try await harness.store.delete(atOffsets: IndexSet([3]))
        #expect(harness.database.requests.isEmpty)
    }

    @Test func savingTheSameAddFormTwiceStoresOneEventWithTheLatestFields() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        var form = EventForm(mode: .add, defaultDate: FitFixture.referenceDate)
        form.title = "Race"
        try await harness.store.add(try form.save())
        form.title = "Race day"
        let second = try await harness.store.add(try form.save())
        #expect(second.title == "Race day")
        #expect(harness.store.events.map(\.title) == ["Race day"])
        #expect(try await harness.storedRows().map(\.title) == ["Race day"])
        #expect(harness.store.error == nil)
    }

    @Test func editingAnEventThatIsGoneFailsWithoutChangingTheList() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        try await harness.store.add(FitFixture.sampleEvents()[0])
        let ghost = Event(title: "Ghost", date: FitFixture.referenceDate)
        await #expect(throws: EventsError.eventNotFound(ghost.id)) { try await harness.store.update(ghost) }
        #expect(harness.store.error as? EventsError == .eventNotFound(ghost.id))
        #expect(harness.store.events.map(\.title) == ["Marathon"])
    }

    @Test func membersSeeAndChangeOnlyTheirOwnEvents() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        try await harness.store.add(FitFixture.sampleEvents()[0])
        let other = harness.store(for: FitFixture.bob)
        await other.load()
        #expect(other.events.isEmpty)
        try await other.add(Event(title: "B's party", date: FitFixture.referenceDate))
        await harness.store.load()
        #expect(harness.store.events.map(\.title) == ["Marathon"])
        #expect(other.events.map(\.title) == ["B's party"])

        // B can neither delete nor edit A's event.
        try await other.delete(id: FitFixture.sampleEvents()[0].id)
        await #expect(throws: EventsError.eventNotFound(FitFixture.sampleEvents()[0].id)) {
            var stolen = FitFixture.sampleEvents()[0]
            stolen.title = "Mine now"
            try await other.update(stolen)
        }
        let stored = try await harness.storedRows()
        #expect(stored.map(\.title) == ["B's party", "Marathon"])
        #expect(stored.map(\.memberId) == [FitFixture.bob.id, FitFixture.alice.id])
    }

    @Test func anonymousVisitorsSeeNoEvents() async throws {
        let harness = try await EventsHarness()
        try await harness.store.add(FitFixture.sampleEvents()[0])
        let anonymous = EventsStore(
            queries: EventsQueries(client: harness.database.client(as: .anonymous)), clock: harness.clock)
        await anonymous.load()
        #expect(anonymous.events.isEmpty)
        #expect(anonymous.error == nil)
    }

    @Test func addingAClassToTheCalendarStoresACountdown() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        let start = FitFixture.referenceDate.addingTimeInterval(26 * 3600)
        try await harness.store.add(Event(calendarEntryFor: "Spin 45", startingAt: start))
        #expect(harness.store.events.map(\.title) == ["Spin 45"])
        #expect(harness.store.events.first?.date == start)
    }

    @Test func notifiesObserversWhenTheListChanges() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        try await confirmation("observers hear about the new event") { changed in
            withObservationTracking {
                _ = harness.store.events
            } onChange: {
                changed()
            }
            try await harness.store.add(FitFixture.sampleEvents()[0])
        }
    }

    @Test func rowsUseTheInjectedNow() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        for event in FitFixture.sampleEvents() { try await harness.store.add(event) }
        let formatter = DisplayFormatter(locale: Locale(identifier: "en_US"), timeZone: .gmt)
        #expect(
            harness.store.rows(formatter: formatter).map(\.relativeDate)
                == ["5 minutes ago", "in 2 days", "in 2 days", "next month"])
        harness.clock.advance(by: .seconds(2 * 86_400))
        #expect(
            harness.store.rows(formatter: formatter).map(\.relativeDate)
                == ["2 days ago", "now", "now", "next month"])
    }
}
