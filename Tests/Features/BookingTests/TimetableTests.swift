import Booking
import FitCore
import FitInMemory
import FitTesting
import Foundation
import Testing

@Suite struct TimetableTests {
    private func session(_ name: String, at wire: String, zone: String, booked: Bool = false) -> BookableSession {
        BookableSession(
            sessionId: UUID(), studioId: UUID(), name: name, studioName: "Studio", studioTimeZone: zone,
            startTime: WireDate.date(from: wire), durationMinutes: 45, capacity: 10, spotsRemaining: 10, creditCost: 2,
            isBooked: booked, bookingId: booked ? UUID() : nil)
    }

    @Test func sessionsAreGroupedByLocalDayInTheirStudiosTimeZone() {
        let sessions = [
            session("London late", at: "2026-06-05T23:30:00Z", zone: "Europe/London"),  // Sat 00:30 BST
            session("London evening", at: "2026-06-05T17:00:00Z", zone: "Europe/London"),  // Fri 18:00
            session("New York night", at: "2026-06-06T02:00:00Z", zone: "America/New_York"),  // Fri 22:00 EDT
            session("No time", at: "garbage", zone: "UTC"),
        ]
        let timetable = Timetable(sessions: sessions, locale: Locale(identifier: "en_GB"))
        #expect(timetable.days.map(\.id) == ["2026-06-05", "2026-06-06"])
        #expect(timetable.days.map(\.title) == ["Fri 5 Jun", "Sat 6 Jun"])
        #expect(
            timetable.days.map { $0.sessions.map(\.name) } == [["London evening", "New York night"], ["London late"]])
    }

    /// Every session lands on the local day the calendar gives it, around daylight-saving changes (a 23-hour and a
    /// 25-hour day) and in zones that change at midnight, with sessions arriving in any order: the grouping asks the
    /// calendar once per day and must not let one day's interval catch another's sessions.
    @Test(arguments: ["2026-03-28T00:00:00Z", "2026-10-24T00:00:00Z"])
    func everySessionIsOnTheDayTheCalendarGivesIt(_ from: String) throws {
        let zones = ["Europe/London", "America/New_York", "America/Santiago", "Asia/Tehran", "Australia/Lord_Howe"]
        let start = try #require(WireDate.date(from: from))
        var generator = SystemRandomNumberGenerator()
        let sessions = (0..<400).map { index in
            let at = start.addingTimeInterval(Double(index) * 37 * 60)
            return session("\(index)", at: WireDate.string(from: at), zone: zones[index % zones.count])
        }.shuffled(using: &generator)
        let timetable = Timetable(sessions: sessions, locale: Locale(identifier: "en_GB"))
        var placed: [String: String] = [:]
        for day in timetable.days {
            for session in day.sessions { placed[session.name] = day.id }
        }
        for session in sessions {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: session.studioTimeZone))
            let parts = calendar.dateComponents([.year, .month, .day], from: try #require(session.startTime))
            let expected = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            #expect(placed[session.name] == expected, "\(session.name) in \(session.studioTimeZone)")
        }
        #expect(placed.count == sessions.count)
    }

    @Test func anEmptyRangeHasNoDays() {
        #expect(Timetable(sessions: [], locale: Locale(identifier: "en_US")).days.isEmpty)
    }
}

@Suite struct TimetableStoreTests {
    let clock = TestClock()
    let locale = Locale(identifier: "en_US")

    private func makeStore() async throws -> (TimetableStore, FitFixture) {
        let seed = try await FitFixture.make(clock: clock)
        let store = TimetableStore(
            queries: BookingQueries(client: seed.client(as: seed.alice)), locale: locale, now: { [clock] in clock.date }
        )
        return (store, seed)
    }

    private var week: (Date, Date) {
        (clock.date.addingTimeInterval(-86_400), clock.date.addingTimeInterval(7 * 86_400))
    }

    @Test func loadsUpcomingSessionsByDayWithTheBookedFlagInOneRequest() async throws {
        let (store, seed) = try await makeStore()
        for hour in 0..<200 {
            _ = try await seed.backOffice.addSession(
                at: seed.londonStudio, name: "Extra \(hour)",
                startsAt: clock.date.addingTimeInterval(Double(hour) * 600 + 60))
        }
        let booking = try await BookingQueries(client: seed.client(as: seed.alice)).bookSession(id: seed.upcomingClass)
        seed.database.clearRequestLog()

        await store.load(from: week.0, to: week.1)

        #expect(seed.database.requests.count == 1)
        #expect(seed.database.requests.roundTripDepth == 1)
        let sessions = try #require(store.timetable).sessions
        // Every class of the week that has not started: the seed's and the 200 added.
        let notStarted: [JSONValue] = try await seed.service.from("class_sessions").select("id")
            .gt("starts_at", value: clock.date).lte("starts_at", value: week.1).execute().value
        #expect(sessions.count == notStarted.count && notStarted.count > 200)
        #expect(!sessions.contains { $0.sessionId == seed.startedClass })
        #expect(sessions.filter(\.isBooked).map(\.bookingId) == [booking.id])
        // 18:00 UTC on Thu 4 Jun is 19:00 in London: the first day is Thu 4 Jun.
        #expect(store.days.first?.title == "Thu 4 Jun")
        #expect(store.days.map(\.id) == store.days.map(\.id).sorted())
    }

}
