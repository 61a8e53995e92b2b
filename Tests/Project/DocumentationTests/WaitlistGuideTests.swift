import Booking
import FitContract
import FitCore
import FitTesting
import Foundation
import Notifications
import Testing
import Waitlist

/// The "Adding a waitlist" article's code, run on the fixture: the timetable's lines, Alice joining the full class,
/// and the news of her promotion when the studio makes room.
@Suite struct WaitlistGuideTests {
    /// Time-limited: were the promotion never to come, the test fails instead of waiting for it until the target's
    /// own limit.
    @Test(.timeLimit(.minutes(1))) func aMemberJoinsAFullClassAndHearsOfTheirPromotion() async throws {
        // The store reads the real time, so the seed is written relative to it.
        let fixture = try await FitFixture.make(clock: TestClock(startDate: Date()))
        let client = fixture.client(as: fixture.alice)
        let now = fixture.clock.date
        let timetable = BookingQueries(client: client)
        let sessions = try await timetable.getTimetable(from: now, to: now.addingTimeInterval(2 * 86_400))
        #expect(sessions.contains { $0.sessionId == fixture.fullClass })

        let waitlist = try await WaitlistGuideExample.screen(sessions: sessions, client: client)
        // The article joins the first full class whose line is open, in start order. The seed has two within the two
        // days (Private Session in 30 hours, and Hot Yoga tomorrow at 19:30 in London): which comes first depends on the
        // hour the test runs.
        let joined = try #require(sessions.first { waitlist.line(for: $0.sessionId)?.placeLabel != nil })
        #expect(joined.spotsRemaining == 0)
        #expect(waitlist.line(for: joined.sessionId)?.placeLabel == "You're 1st in line")

        let news = Task { await WaitlistGuideExample.firstNews(of: waitlist) }
        // The studio makes room: the first in line is booked in the same transaction.
        try await fixture.service.from("class_sessions").update(["capacity": joined.capacity + 1])
            .eq("id", value: joined.sessionId).execute()
        await news.value

        let inbox = try await NotificationsQueries(client: client).inbox()
        #expect(inbox.map(\.kind).contains(.promoted))
        let booked = try await timetable.getTimetable(from: now, to: now.addingTimeInterval(2 * 86_400))
        #expect(booked.first { $0.sessionId == joined.sessionId }?.isBooked == true)
    }
}
