import FitCore
import FitStores
import Foundation
import Testing

/// The local day a date falls on in a formatter's zone (key, heading, span), remembered across calls and shared with
/// every formatter `DisplayFormatter.shared` gives for the same locale and zone.
@Suite struct LocalDayTests {
    static let english = Locale(identifier: "en_US")

    /// What the calendar says about `date`'s day in `zone`, asked afresh.
    static func expected(_ date: Date, in zone: String) -> LocalDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let key = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        let title = DisplayFormatter(locale: english, timeZone: calendar.timeZone).shortDate(date)
        return LocalDay(key: key, title: title, interval: calendar.dateInterval(of: .day, for: date)!)
    }

    @Test(arguments: ["Europe/London", "Asia/Tokyo", "America/New_York", "Australia/Sydney"])
    func everyHourOfAWeekAcrossAClockChangeFallsOnTheCalendarsDay(zone: String) {
        let formatter = DisplayFormatter(locale: Self.english, timeZone: TimeZone(identifier: zone)!)
        // 2026-03-27T00:00Z to 2026-04-07T00:00Z: Europe's clocks go forward on 29 March, Sydney's back on 5 April.
        let start = Date(timeIntervalSince1970: 1_774_569_600)
        var keys: Set<String> = []
        for hour in 0..<(11 * 24) {
            for minute in [0, 59] {
                let date = start.addingTimeInterval(Double(hour * 3600 + minute * 60))
                let day = formatter.localDay(of: date)
                #expect(day == Self.expected(date, in: zone), "\(zone) \(date)")
                #expect(formatter.localDay(of: date) == day, "remembered: \(zone) \(date)")
                keys.insert(day.key)
            }
        }
        #expect(keys.count >= 11)
    }

    @Test func theLastInstantOfADayAndTheFirstOfTheNextFallOnTwoDays() {
        let london = DisplayFormatter(locale: Self.english, timeZone: TimeZone(identifier: "Europe/London")!)
        // Midnight of Fri 5 June 2026 in London (BST) is 2026-06-04T23:00Z.
        let midnight = Date(timeIntervalSince1970: 1_780_614_000)
        let before = london.localDay(of: midnight.addingTimeInterval(-0.001))
        let after = london.localDay(of: midnight)
        #expect(before.key == "2026-06-04")
        #expect(before.title == "Thu 4 Jun")
        #expect(before.interval.end == midnight)
        #expect(after.key == "2026-06-05")
        #expect(after.title == "Fri 5 Jun")
        #expect(after.interval == DateInterval(start: midnight, duration: 86_400))
    }

    @Test func sharedFormattersAreOnePerLocaleAndZoneAndUnknownZonesAreGMT() {
        let date = Date(timeIntervalSince1970: 1_780_596_000)
        let tokyo = DisplayFormatter.shared(locale: Self.english, timeZoneIdentifier: "Asia/Tokyo")
        #expect(tokyo.timeZone.identifier == "Asia/Tokyo")
        #expect(tokyo.localDay(of: date) == Self.expected(date, in: "Asia/Tokyo"))
        let again = DisplayFormatter.shared(locale: Self.english, timeZoneIdentifier: "Asia/Tokyo")
        #expect(again.time(date) == tokyo.time(date))
        let german = DisplayFormatter.shared(locale: Locale(identifier: "de_DE"), timeZoneIdentifier: "Asia/Tokyo")
        #expect(german.time(date) == "03:00")
        let unknown = DisplayFormatter.shared(locale: Self.english, timeZoneIdentifier: "Nowhere/Atlantis")
        #expect(unknown.timeZone.secondsFromGMT(for: date) == 0)
    }
}
