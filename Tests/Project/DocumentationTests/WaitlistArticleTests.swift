import Booking
import FitContract
import FitTesting
import Foundation
import Testing
import Waitlist

/// The Waitlist landing page's example, run on the fixture's full class.
@Suite struct WaitlistArticleTests {
    @Test func theLandingPageExampleJoinsAFullClass() async throws {
        // The store reads the real time, so the seed is written relative to it.
        let fixture = try await FitFixture.make(clock: TestClock(startDate: Date()))
        let client = fixture.client(as: fixture.alice)
        let now = fixture.clock.date
        let session = try #require(
            try await BookingQueries(client: client).getTimetable(from: now, to: now.addingTimeInterval(2 * 86_400))
                .first { $0.sessionId == fixture.fullClass })

        let waitlist = try await WaitlistArticleExample.joinTheLine(of: session, client: client)

        #expect(waitlist.line(for: session.sessionId)?.placeLabel == "You're 1st in line")
    }
}
