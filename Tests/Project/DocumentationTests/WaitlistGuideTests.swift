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
    @Test func aMemberJoinsAFullClassAndHearsOfTheirPromotion() async throws {
        // The store reads the real time, so the seed is written relative to it.
        let fixture = try await FitFixture.make(clock: TestClock(startDate: Date()))
        let client = fixture.client(as: fixture.alice)
        let now = fixture.clock.date
        let timetable = BookingQueries(client: client)
        let sessions = try await timetable.getTimetable(from: now, to: now.addingTimeInterval(2 * 86_400))
        #expect(sessions.contains { $0.sessionId == fixture.fullClass })

        let waitlist = try await WaitlistGuideExample.screen(sessions: sessions, client: client)
        #expect(waitlist.line(for: fixture.fullClass)?.placeLabel == "You're 1st in line")

        let news = Task { await WaitlistGuideExample.firstNews(of: waitlist) }
        // The studio makes room: the first in line is booked in the same transaction.
        try await fixture.service.from("class_sessions").update(["capacity": 1]).eq("id", value: fixture.fullClass)
            .execute()
        await news.value

        let inbox = try await NotificationsQueries(client: client).inbox()
        #expect(inbox.map(\.kind).contains(.promoted))
        let booked = try await timetable.getTimetable(from: now, to: now.addingTimeInterval(2 * 86_400))
        #expect(booked.first { $0.sessionId == fixture.fullClass }?.isBooked == true)
    }
}
