import Booking
import FitCore
import FitStores
import Foundation
import Testing

@Suite struct BookableSessionLabelTests {
    static func session(
        startTime: Date? = nil, durationMinutes: Int = 45, spotsRemaining: Int? = 4, creditCost: Decimal? = 2,
        instructorName: String? = "Sam", timeZone: String = "Europe/London"
    ) -> BookableSession {
        BookableSession(
            sessionId: UUID(), studioId: UUID(), name: "Yoga", instructorName: instructorName, studioName: "Studio",
            studioTimeZone: timeZone, startTime: startTime, durationMinutes: durationMinutes, capacity: 10,
            spotsRemaining: spotsRemaining, creditCost: creditCost)
    }

    @Test(arguments: [(Int?.some(4), "4"), (0, "0"), (120, "120"), (nil, "—")])
    func spotsLabel(spots: Int?, label: String) {
        #expect(Self.session(spotsRemaining: spots).spotsLabel == label)
    }

    @Test(arguments: [(Int?.some(8), "8 spots"), (2, "2 spots"), (1, "1 spot left"), (0, "Full"), (nil, "— spots")])
    func availabilityLabel(spots: Int?, label: String) {
        #expect(Self.session(spotsRemaining: spots).availabilityLabel == label)
    }

    @Test func aCancelledClassIsCancelledWhateverItsSpots() {
        var session = Self.session(spotsRemaining: 3)
        session.isCancelled = true
        #expect(session.availabilityLabel == "Cancelled")
    }

    @Test(arguments: [
        (Decimal?.some(2), "2.00"), (Decimal(string: "2.5"), "2.50"), (0, "0.00"),
        (Decimal(string: "1234.75"), "1234.75"), (nil, "—"),
    ])
    func creditCostLabel(cost: Decimal?, label: String) {
        #expect(Self.session(creditCost: cost).creditCostLabel == label)
    }

    @Test(arguments: [(String?.some("Sam Lee"), "Sam Lee"), (" Ana ", "Ana"), ("", "-"), ("   ", "-"), (nil, "-")])
    func instructorLabel(name: String?, label: String) {
        #expect(Self.session(instructorName: name).instructorLabel == label)
    }

    @Test(arguments: [(45, "45 min"), (60, "60 min"), (5, "5 min")])
    func durationLabel(minutes: Int, label: String) {
        #expect(Self.session(durationMinutes: minutes).durationLabel == label)
    }

    /// 2026-06-04T17:00:00Z and friends, shown in the studio's zone with an explicit locale.
    @Test(arguments: [
        ("2026-06-04T17:00:00Z", "Europe/London", "en_US", SessionDateTimeLabels(time: "6:00 PM", date: "Thu 4 Jun")),
        ("2026-06-04T23:30:00Z", "Europe/London", "en_US", SessionDateTimeLabels(time: "12:30 AM", date: "Fri 5 Jun")),
        (
            "2026-06-05T02:00:00Z", "America/New_York", "en_US",
            SessionDateTimeLabels(time: "10:00 PM", date: "Thu 4 Jun")
        ),
        ("2026-12-04T09:05:00Z", "Europe/London", "en_US", SessionDateTimeLabels(time: "9:05 AM", date: "Fri 4 Dec")),
        ("2026-06-04T17:00:00Z", "Not/AZone", "en_US", SessionDateTimeLabels(time: "5:00 PM", date: "Thu 4 Jun")),
    ])
    func startDateTimeLabels(wire: String, zone: String, locale: String, labels: SessionDateTimeLabels) throws {
        let start: Date = try #require(WireDate.date(from: wire))
        let session = Self.session(startTime: start, timeZone: zone)
        let formatter = session.displayFormatter(locale: Locale(identifier: locale))
        #expect(session.startDateTimeLabels(formatter: formatter) == labels)
    }

    @Test func aMissingStartTimeShowsDashesForBoth() {
        let formatter = DisplayFormatter(locale: Locale(identifier: "en_US"), timeZone: .gmt)
        #expect(Self.session(startTime: nil).startDateTimeLabels(formatter: formatter) == .unknown)
        #expect(SessionDateTimeLabels.unknown == SessionDateTimeLabels(time: "—", date: "—"))
    }
}
