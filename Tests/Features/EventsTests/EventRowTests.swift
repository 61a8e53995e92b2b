import Events
import FitCore
import FitStores
import FitTesting
import Foundation
import Testing

@Suite struct EventRowTests {
    static let formatter = DisplayFormatter(
        locale: Locale(identifier: "en_US"), timeZone: try! #require(TimeZone(identifier: "America/New_York")))
    let now = FitFixture.referenceDate

    @Test(
        arguments: [
            (0.0, "now"),
            (1, "in 1 second"),
            (45, "in 45 seconds"),
            (-45, "45 seconds ago"),
            (60, "in 1 minute"),
            (5 * 60, "in 5 minutes"),
            (-5 * 60, "5 minutes ago"),
            (59 * 60, "in 59 minutes"),
            (3 * 3600, "in 3 hours"),
            (-3 * 3600, "3 hours ago"),
            (86_400, "tomorrow"),
            (-86_400, "yesterday"),
            (2 * 86_400, "in 2 days"),
            (-2 * 86_400, "2 days ago"),
            (14 * 86_400, "in 2 weeks"),
            (400 * 86_400, "next year"),
        ] as [(TimeInterval, String)])
    func labelsTheDistanceToTheEvent(offset: TimeInterval, label: String) {
        let event = Event(title: "Race", date: now.addingTimeInterval(offset))
        let row = EventRow(event: event, now: now, formatter: Self.formatter)
        #expect(row.relativeDate == label)
        #expect(row.isPast == (offset < 0))
    }

    @Test func showsTheTitleColourAndPicture() {
        let birthday = FitFixture.sampleEvents()[1]
        let row = EventRow(event: birthday, now: now, formatter: Self.formatter)
        #expect(row.id == birthday.id)
        #expect(row.title == "Birthday")
        #expect(row.textColor.hex == "#11223380")
        #expect(row.hasImage)
        #expect(!EventRow(event: FitFixture.sampleEvents()[0], now: now, formatter: Self.formatter).hasImage)
    }

    @Test func labelsFollowTheLocale() {
        let german = DisplayFormatter(locale: Locale(identifier: "de_DE"), timeZone: .gmt)
        let row = EventRow(
            event: Event(title: "Lauf", date: now.addingTimeInterval(5 * 60)), now: now, formatter: german)
        #expect(row.relativeDate == "in 5 Minuten")
    }

    @Test func rowsKeepTheListOrder() {
        let events = FitFixture.sampleEvents().sorted()
        let rows = EventRow.rows(for: events, now: now, formatter: Self.formatter)
        #expect(rows.map(\.id) == events.map(\.id))
    }
}
