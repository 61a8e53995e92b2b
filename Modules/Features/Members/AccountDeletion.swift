import Foundation

/// What ``MembersQueries/deleteAccount()`` did: whose account went, and how many future bookings it cancelled (their
/// spots went back to the timetable, and to the waitlists, before the member's rows were deleted).
public struct AccountDeletion: Codable, Sendable, Hashable {
    /// The deleted member's id (their auth user's id, which is gone too).
    public var memberId: UUID
    /// How many of the member's bookings of classes yet to start were cancelled.
    public var cancelledBookings: Int

    /// Describes a deletion.
    ///
    /// - Parameters:
    ///   - memberId: The deleted member's id.
    ///   - cancelledBookings: How many future bookings were cancelled.
    public init(memberId: UUID, cancelledBookings: Int) {
        self.memberId = memberId
        self.cancelledBookings = cancelledBookings
    }
}
