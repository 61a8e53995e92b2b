import Booking
import Credits
import FitCore
import FitStores
import FitTesting
import Foundation
import SessionDetails
import Testing

/// The plain-Swift part of the "Using stores from SwiftUI" article (what the view's `.task`, `.refreshable` and
/// Book button do), verbatim, run against `FitFixture`. The SwiftUI code itself is for Apple platforms and is
/// not compiled here.
@Suite struct SwiftUIArticleExample {
    @Test func theScreenLoadsBooksAndRefreshes() async throws {
        let fixture = try await FitFixture.make()
        let client = fixture.client(as: fixture.alice)
        let classId = fixture.upcomingClass
        let memberId = fixture.alice.id

        let details = SessionDetailsStore(sessionId: classId, queries: SessionDetailsQueries(client: client))
        let booking = BookingStore(queries: BookingQueries(client: client))
        let credits = CreditsStore(queries: CreditsQueries(client: client))

        await details.load(memberId: memberId)
        await credits.load()
        if let action = details.action, action.isEnabled {
            await booking.run(action)
            await details.refresh(memberId: memberId)
            await credits.refresh()
        }

        #expect(details.bookingId != nil)
        #expect(details.session?.isBooked == true)
        #expect(credits.summary?.balance == 18)
        guard case .cancel(_, let bookingId)? = details.action else {
            Issue.record("expected Cancel, got \(String(describing: details.action))")
            return
        }
        #expect(bookingId == details.bookingId)

        let formatter = DisplayFormatter(locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        let chip = try #require(credits.summary.map { CreditChip(summary: $0, formatter: formatter) })
        #expect(chip.text == "18 credits")
        #expect(!chip.isExpiryWarning)
    }

    @Test(.timeLimit(.minutes(3))) func aFollowingScreenSeesAnotherDevicesBooking() async throws {
        let fixture = try await FitFixture.make()
        let phone = SessionDetailsStore(
            sessionId: fixture.upcomingClass, queries: SessionDetailsQueries(client: fixture.client(as: fixture.alice)))
        let following = Task { await phone.follow(memberId: fixture.alice.id) }
        await waitUntil { phone.session != nil }
        #expect(phone.session?.spotsRemaining == 10)

        _ = try await BookingQueries(client: fixture.client(as: fixture.bob)).bookSession(id: fixture.upcomingClass)
        await waitUntil { phone.session?.spotsRemaining == 9 }
        following.cancel()
        await following.value

        #expect(phone.session?.isBooked == false)
        #expect(phone.error == nil)
    }
}
