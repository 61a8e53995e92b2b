import Events
import FitCore
import FitTesting
import Foundation
import Testing

@Suite struct EventTests {
    let base = FitFixture.referenceDate

    @Test func sortsByDateThenTitleThenId() throws {
        let first = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        let second = try #require(UUID(uuidString: "F0000000-0000-0000-0000-000000000000"))
        let events = [
            Event(id: second, title: "Beta", date: base),
            Event(id: first, title: "Beta", date: base),
            Event(id: first, title: "Later", date: base.addingTimeInterval(60)),
            Event(id: second, title: "Alpha", date: base),
            Event(id: first, title: "Earlier", date: base.addingTimeInterval(-60)),
        ]
        let sorted = events.sorted()
        #expect(sorted.map(\.title) == ["Earlier", "Alpha", "Beta", "Beta", "Later"])
        #expect(sorted[2].id == first)
        #expect(sorted[3].id == second)
    }

    @Test func comparesTitlesInByteOrderAsTheDatabaseDoes() {
        // C collation: upper case before lower case, ASCII before accented letters.
        let titles = ["zebra", "Zebra", "Éclair", "apple"].map { Event(title: $0, date: base) }.sorted().map(\.title)
        #expect(titles == ["Zebra", "apple", "zebra", "Éclair"])
    }

    @Test func encodesTheWireColumnNames() throws {
        let event = FitFixture.sampleEvents()[1]
        let json = try WireCoding.jsonValue(of: event)
        #expect(
            json
                == .object([
                    "id": .string(event.id.uuidString),
                    "title": .string("Birthday"),
                    "date": .string("2026-06-06T18:00:00.000Z"),
                    "text_color": .string("#11223380"),
                    "image_data": .string("iVBORw=="),
                ]))
    }

    @Test func encodesAMissingImageAsNullSoAnUpdateClearsIt() throws {
        let json = try WireCoding.jsonValue(of: Event(title: "Plain", date: base))
        #expect(json["image_data"] == .null)
    }

    @Test func decodesWhatItEncodes() throws {
        for event in FitFixture.sampleEvents() {
            let decoded = try WireCoding.decode(Event.self, from: WireCoding.jsonValue(of: event))
            #expect(decoded == event)
        }
    }

    @Test(arguments: ["2026-13-45T10:00:00Z", "2026-06-04T25:00:00Z", "2026-02-30", "tomorrow", "", "04/06/2026"])
    func decodingAnUndecodableDateIsATypedError(text: String) {
        let json: JSONValue = .object([
            "id": .string(UUID().uuidString), "title": .string("Party"), "date": .string(text),
            "text_color": .string("#000000FF"), "image_data": .null,
        ])
        #expect(throws: EventValidationError.undecodableDate(text)) { try WireCoding.decode(Event.self, from: json) }
    }

    @Test func decodingAMalformedColourIsATypedError() {
        let json: JSONValue = .object([
            "id": .string(UUID().uuidString), "title": .string("Party"), "date": .string("2026-06-04T18:00:00Z"),
            "text_color": .string("#FFF"), "image_data": .null,
        ])
        #expect(throws: EventValidationError.malformedColor("#FFF")) { try WireCoding.decode(Event.self, from: json) }
    }

    struct BookedClass: CalendarEntryConvertible {
        var name: String
        var startTime: Date
        var calendarEntryTitle: String { name }
        var calendarEntryStart: Date { startTime }
    }

    @Test func buildsACountdownFromABookedClass() {
        let start = base.addingTimeInterval(3 * 3600)
        let event = Event(calendarEntry: BookedClass(name: "Spin 45", startTime: start))
        #expect(event.title == "Spin 45")
        #expect(event.date == start)
        #expect(event.textColor == .black)
        #expect(event.imageData == nil)
        let direct = Event(calendarEntryFor: "Yoga", startingAt: start, textColor: .white)
        #expect(direct.title == "Yoga")
        #expect(direct.date == start)
        #expect(direct.textColor == .white)
    }

    @Test func validationTrimsTheTitle() throws {
        let event = try Event(title: "  Party \n", date: base).validated()
        #expect(event.title == "Party")
    }
}
