import FitCore
import FitStores
import Foundation
import Testing

/// Labels with an explicit locale and time zone, exact on every machine.
@Suite struct DisplayFormatterTests {
    /// Thursday 2026-06-04T18:00:00Z.
    static let sixPMUTC = Date(timeIntervalSince1970: 1_780_596_000)
    static let us = DisplayFormatter(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    static let london = DisplayFormatter(
        locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!)
    static let newYork = DisplayFormatter(
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)

    @Test func timeIsHourMinuteAndDayPeriod() {
        #expect(Self.us.time(Self.sixPMUTC) == "6:00 PM")
        #expect(Self.us.time(Self.sixPMUTC.addingTimeInterval(-18 * 3600 + 5 * 60)) == "12:05 AM")
        #expect(Self.us.time(Self.sixPMUTC.addingTimeInterval(-6 * 3600 + 30 * 60)) == "12:30 PM")
    }

    @Test func timeIsShownInTheFormattersZone() {
        #expect(Self.newYork.time(Self.sixPMUTC) == "2:00 PM")
        #expect(Self.london.time(Self.sixPMUTC).lowercased() == "7:00 pm")
    }

    @Test func shortDateIsWeekdayDayMonth() {
        #expect(Self.us.shortDate(Self.sixPMUTC) == "Thu 4 Jun")
        #expect(Self.london.shortDate(Self.sixPMUTC) == "Thu 4 Jun")
    }

    @Test func shortDateFollowsTheZoneAcrossMidnight() {
        let lateEvening = Self.sixPMUTC.addingTimeInterval(5 * 3600 + 30 * 60)  // 23:30 UTC, 00:30 in London
        #expect(Self.us.shortDate(lateEvening) == "Thu 4 Jun")
        #expect(Self.london.shortDate(lateEvening) == "Fri 5 Jun")
    }

    /// Offsets in seconds from six in the evening, with what `relative` says. Typed, so that the type checker does not
    /// search every numeric type for the products (3.5 s of FitCoreTests' 15 s to compile, untyped inside `@Test`).
    static let relativeCases: [(offset: Double, expected: String)] = [
        (2 * 86_400, "in 2 days"),
        (-5 * 60, "5 minutes ago"),
        (0, "now"),
        (3 * 3600, "in 3 hours"),
    ]

    @Test(arguments: relativeCases)
    func relativeDescribesTheDateFromNow(offset: Double, expected: String) {
        #expect(Self.us.relative(Self.sixPMUTC.addingTimeInterval(offset), to: Self.sixPMUTC) == expected)
    }

    @Test(arguments: [
        (Decimal(2), "2.00"),
        (Decimal(string: "12.5")!, "12.50"),
        (Decimal(string: "-3.456")!, "-3.46"),
        (Decimal(string: "1234.5")!, "1234.50"),
        (Decimal(0), "0.00"),
    ])
    func decimalsHaveTwoFractionDigits(value: Decimal, expected: String) {
        #expect(Self.us.decimal(value) == expected)
    }

    @Test func decimalsUseTheLocalesSeparator() {
        let german = DisplayFormatter(locale: Locale(identifier: "de_DE"), timeZone: .gmt)
        #expect(german.decimal(Decimal(string: "2.5")!) == "2,50")
    }

    @Test func theCalendarIsInTheFormattersZone() {
        #expect(Self.london.calendar.timeZone.identifier == "Europe/London")
        #expect(Self.london.calendar.component(.hour, from: Self.sixPMUTC) == 19)
    }
}
