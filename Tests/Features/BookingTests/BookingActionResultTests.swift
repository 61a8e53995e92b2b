import Booking
import Foundation
import Testing

@Suite struct BookingActionResultTests {
    @Test func aResultPrintsWhatHappenedNotItsTypes() throws {
        let id = try #require(UUID(uuidString: "B0000000-0000-4000-8000-000000000001"))
        let booking = ClassBooking(
            id: id, memberId: UUID(), classSessionId: UUID(), status: .active, createdAt: Date(timeIntervalSince1970: 0)
        )
        #expect("\(BookingActionResult.booked(booking))" == "booked b0000000-0000-4000-8000-000000000001")
        let cancelled = BookingActionResult.cancelled(BookingCancellation(bookingId: id, refunded: 2))
        #expect(
            String(describing: Optional(cancelled))
                == "Optional(cancelled b0000000-0000-4000-8000-000000000001 (refunded 2))")
    }
}
