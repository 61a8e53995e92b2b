import Booking
import FitContract
import FitCore
import FitTesting
import Foundation
import Members
import StudioDesk
import Testing

/// The "Running the studio's desk" article's code, run on the fixture: a new owner of the London studio grows a class
/// and cancels another, whose members get their credits back.
@Suite struct StudioDeskGuideTests {
    @Test func anOwnerRunsTheirStudiosClasses() async throws {
        let fixture = try await FitFixture.make(clock: TestClock(startDate: Date()))
        let owner = try await fixture.backOffice.createAccounts([NewAccount(email: "owner@example.com")])[0]
        try await StudioDeskGuideExample.makeOwner(owner.id, of: fixture.londonStudio, serviceClient: fixture.service)
        let staff = fixture.client(as: owner)

        let grown = try await StudioDeskGuideExample.grow(fixture.hotYoga, staffClient: staff)
        #expect(grown.roster?.isEmpty == false)
        let stored: [[String: Int]] = try await fixture.service.from("class_sessions").select("capacity")
            .eq("id", value: fixture.hotYoga).execute().value
        #expect(stored == [["capacity": 12]])

        let alice = BookingQueries(client: fixture.client(as: fixture.alice))
        let before = try await fixture.backOffice.ledgerBalance(of: fixture.alice.id)
        _ = try await alice.bookSession(id: fixture.upcomingClass)
        let cancellation = try await StudioDeskGuideExample.cancel(fixture.upcomingClass, staffClient: staff)
        #expect(cancellation.cancelledBookings >= 1 && cancellation.sessionId == fixture.upcomingClass)
        #expect(try await fixture.backOffice.ledgerBalance(of: fixture.alice.id) == before)
    }
}
