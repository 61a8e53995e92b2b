import Events
import FitContract
import FitCore
import FitInMemory
import FitTesting
import Foundation
import Testing

/// Bad input: a typed error, no request sent, nothing stored, and the list as it was.
@Suite struct EventValidationTests {
    static let longTitle = String(repeating: "a", count: 201)
    static let maximalTitle = String(repeating: "é", count: 200)

    @Test(arguments: [
        ("", EventValidationError.blankTitle),
        ("   ", .blankTitle),
        ("\t\n \u{00A0}", .blankTitle),
        (longTitle, .titleTooLong(length: 201)),
        ("  " + longTitle + "  ", .titleTooLong(length: 201)),
        (String(repeating: "e\u{301}", count: 101), .titleTooLong(length: 202)),
    ])
    func badTitlesAreRejectedBeforeSending(title: String, expected: EventValidationError) async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        try await harness.store.add(FitFixture.sampleEvents()[0])
        harness.database.clearRequestLog()

        await #expect(throws: expected) {
            try await harness.store.add(Event(title: title, date: FitFixture.referenceDate))
        }
        var edited = FitFixture.sampleEvents()[0]
        edited.title = title
        await #expect(throws: expected) { try await harness.store.update(edited) }

        #expect(harness.database.requests.isEmpty, "nothing was sent")
        #expect(harness.store.events == [FitFixture.sampleEvents()[0]])
        #expect(harness.store.error as? EventValidationError == expected)
        #expect(try await harness.storedRows().map(\.title) == ["Marathon"])
    }

    @Test func aTitleOfExactly200CharactersIsAccepted() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        try await harness.store.add(Event(title: Self.maximalTitle, date: FitFixture.referenceDate))
        #expect(try await harness.storedRows().map(\.title) == [Self.maximalTitle])
    }

    /// Seconds since 1970, as arguments (describing a non-finite `Date` traps, so the date is built inside).
    @Test(arguments: [
        Double.nan,
        .infinity,
        -.infinity,
        -70_000_000_000,  // year -249
        253_402_300_800,  // 10000-01-01
    ])
    func datesTheWireCannotCarryAreRejectedBeforeSending(secondsSince1970: Double) async throws {
        let date = Date(timeIntervalSince1970: secondsSince1970)
        let harness = try await EventsHarness()
        await harness.store.load()
        harness.database.clearRequestLog()
        await #expect {
            try await harness.store.add(Event(title: "Far away", date: date))
        } throws: { error in
            guard case .undecodableDate? = error as? EventValidationError else { return false }
            return true
        }
        #expect(harness.database.requests.isEmpty)
        #expect(harness.store.events.isEmpty)
        #expect(try await harness.storedRows().isEmpty)
    }

    @Test func theLastRepresentableDateIsAccepted() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        let last = Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z
        try await harness.store.add(Event(title: "Far away", date: last))
        #expect(harness.store.events.map(\.date) == [last])
    }

    @Test(arguments: ["#ff8800", "orange", "#FF8800FF00", "#ff8800ff"])
    func malformedColoursAreTypedErrorsAndNeverStored(text: String) async throws {
        let harness = try await EventsHarness()
        let imported: JSONValue = .object([
            "id": .string(UUID().uuidString), "title": .string("Party"), "date": .string("2026-06-04T18:00:00Z"),
            "text_color": .string(text),
        ])
        if text != "#ff8800ff" {
            #expect(throws: EventValidationError.malformedColor(text)) { try RGBAColor(hex: text) }
            #expect(throws: EventValidationError.malformedColor(text)) {
                try WireCoding.decode(Event.self, from: imported)
            }
        }
        // Sent as is, past the Swift types, the table's check rejects it (lower case included).
        let member = harness.database.client(as: .member(FitFixture.alice.id))
        await #expect(throws: DatabaseError.checkViolation(constraint: "events_text_color_check", table: "events")) {
            try await member.from("events").insert(imported).execute()
        }
        #expect(try await harness.storedRows().isEmpty)
    }

    // MARK: The table's checks, as a backstop for writes that skip the store

    struct RawEvent: Encodable, Sendable {
        var title: String
        var date: String
        var textColor: String
    }

    @Test(arguments: [
        (RawEvent(title: "   ", date: "2026-06-04T18:00:00Z", textColor: "#000000FF"), "23514"),
        (RawEvent(title: longTitle, date: "2026-06-04T18:00:00Z", textColor: "#000000FF"), "23514"),
        (
            RawEvent(
                title: "  " + String(repeating: "a", count: 200) + "  ", date: "2026-06-04T18:00:00Z",
                textColor: "#000000FF"), "ok"
        ),
        (RawEvent(title: "Party", date: "2026-06-04T18:00:00Z", textColor: "#ff8800ff"), "23514"),
        (RawEvent(title: "Party", date: "2026-06-04T18:00:00Z", textColor: "#FF8800"), "23514"),
        (RawEvent(title: "Party", date: "2026-06-04T18:00:00Z", textColor: "#FF8800FF\n"), "23514"),
        (RawEvent(title: "Party", date: "not a date", textColor: "#000000FF"), "22007"),
        (RawEvent(title: "Party", date: "2026-06-04T18:00:00Z", textColor: "#FF8800FF"), "ok"),
    ])
    func theEventsTableRejectsWhatTheContractForbids(row: RawEvent, expectedCode: String) async throws {
        let harness = try await EventsHarness()
        let member = harness.database.client(as: .member(FitFixture.alice.id))
        do {
            try await member.from("events").insert(row).execute()
            #expect(expectedCode == "ok")
            #expect(try await harness.storedRows().count == 1)
        } catch let error as DatabaseError {
            #expect(error.code == expectedCode)
            #expect(try await harness.storedRows().isEmpty)
        }
    }

    @Test func aRowForAnotherMemberIsRejectedByRowLevelSecurity() async throws {
        let harness = try await EventsHarness()
        struct Forged: Encodable, Sendable {
            var memberId: UUID
            var title = "Forged"
            var date = "2026-06-04T18:00:00Z"
            var textColor = "#000000FF"
        }
        let member = harness.database.client(as: .member(FitFixture.alice.id))
        await #expect(throws: DatabaseError.rowLevelSecurity(table: "events")) {
            try await member.from("events").insert(Forged(memberId: FitFixture.bob.id)).execute()
        }
        #expect(try await harness.storedRows().isEmpty)
    }

    @Test func installingTwiceIsHarmless() async throws {
        let harness = try await EventsHarness()
        try FitKitContract.install(on: harness.database.engine)
        try await harness.store.add(FitFixture.sampleEvents()[0])
        try FitKitContract.install(on: harness.database.engine)
        #expect(try await harness.storedRows().count == 1)
    }
}
