import Booking
import Credits
import FitContract
import FitStores
import FitTesting
import Foundation
import Members
import SessionDetails
import Testing

/// The SwiftUI article's plain-Swift screen, run against `FitFixture`.
@Suite struct SwiftUIArticleTests {
    @Test func theScreenLoadsBooksAndRefreshes() async throws {
        let fixture = try await FitFixture.make()
        let (details, _, credits) = try await SwiftUIArticleExample.whatTheViewDoes(
            client: fixture.client(as: fixture.alice), classId: fixture.upcomingClass, memberId: fixture.alice.id)

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
}
