import Events
import FitCore
import FitTesting
import Foundation
import Testing

@Suite struct EventFormTests {
    let now = FitFixture.referenceDate

    @Test func anAddFormStartsEmptyAtTheDefaultDate() {
        let form = EventForm(mode: .add, defaultDate: now)
        #expect(form.navigationTitle == "Add Event")
        #expect(form.title == "")
        #expect(form.date == now)
        #expect(form.textColor == .black)
        #expect(form.imageData == nil)
        #expect(!form.canSave)
    }

    @Test func anEditFormIsFilledFromTheEventAndTitledAfterIt() {
        let birthday = FitFixture.sampleEvents()[1]
        var form = EventForm(mode: .edit(birthday), defaultDate: now)
        #expect(form.navigationTitle == "Edit Birthday")
        #expect(form.title == "Birthday")
        #expect(form.date == birthday.date)
        #expect(form.textColor == birthday.textColor)
        #expect(form.imageData == birthday.imageData)
        #expect(form.canSave)
        form.title = "Party"
        #expect(form.navigationTitle == "Edit Birthday", "the title names the event being edited")
    }

    @Test(arguments: [
        ("", false), (" ", false), ("\n\t", false), ("a", true), ("  Party  ", true),
        (String(repeating: "x", count: 200), true), (String(repeating: "x", count: 201), false),
    ])
    func canSaveOnlyWithAValidTrimmedTitle(title: String, canSave: Bool) {
        var form = EventForm(mode: .add, defaultDate: now)
        form.title = title
        #expect(form.canSave == canSave)
        #expect((form.validationError == nil) == canSave)
    }

    @Test func savingAnAddFormMakesANewEventWithTheFormsId() throws {
        let newID = try #require(UUID(uuidString: "C0000000-0000-0000-0000-00000000000C"))
        var form = EventForm(mode: .add, defaultDate: now, newID: newID)
        form.title = " Party "
        form.date = now.addingTimeInterval(3600)
        form.textColor = RGBAColor(red: 1, green: 2, blue: 3)
        form.imageData = Data([1, 2, 3])
        let event = try form.save()
        #expect(
            event
                == Event(
                    id: newID, title: "Party", date: now.addingTimeInterval(3600),
                    textColor: RGBAColor(red: 1, green: 2, blue: 3), imageData: Data([1, 2, 3])))
        #expect(try form.save().id == newID, "saving twice does not make a second event")
        #expect(EventForm(mode: .add, defaultDate: now).eventID != EventForm(mode: .add, defaultDate: now).eventID)
    }

    @Test func savingAnEditFormKeepsTheId() throws {
        let birthday = FitFixture.sampleEvents()[1]
        var form = EventForm(mode: .edit(birthday), defaultDate: now)
        form.title = "Party"
        form.imageData = nil
        let event = try form.save()
        #expect(event.id == birthday.id)
        #expect(event.title == "Party")
        #expect(event.date == birthday.date)
        #expect(event.imageData == nil)
    }

    @Test func savingAnInvalidFormThrowsTheTypedError() {
        var form = EventForm(mode: .add, defaultDate: now)
        form.title = "   "
        #expect(throws: EventValidationError.blankTitle) { try form.save() }
    }

    @Test func savedFormsFlowThroughOnSaveIntoTheStore() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        var form = EventForm(mode: .add, defaultDate: now)
        form.title = "Party"
        let saved = try form.save()
        let onSave: @Sendable (Event) async throws -> Void = { try await harness.store.add($0) }
        try await onSave(saved)
        #expect(harness.store.events == [saved])

        var edit = EventForm(mode: .edit(saved), defaultDate: now)
        edit.title = "Bigger party"
        try await harness.store.update(try edit.save())
        #expect(harness.store.events.map(\.title) == ["Bigger party"])
        #expect(harness.store.events.map(\.id) == [saved.id])
    }

    @Test func abandoningAFormChangesNothing() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        for event in FitFixture.sampleEvents() { try await harness.store.add(event) }
        let listBefore = harness.store.events
        let rowsBefore = try await harness.storedRows()
        harness.database.clearRequestLog()

        do {
            var edit = EventForm(mode: .edit(listBefore[0]), defaultDate: now)
            edit.title = "Changed"
            edit.date = now.addingTimeInterval(99_999)
            edit.textColor = .white
            var add = EventForm(mode: .add, defaultDate: now)
            add.title = "Never saved"
            #expect(edit.canSave && add.canSave)
        }  // both forms dismissed without Save

        #expect(harness.store.events == listBefore)
        #expect(try await harness.storedRows() == rowsBefore)
        #expect(harness.database.requests.count == 1, "only the check above read the table")
    }
}
