import Foundation

/// What ``DeskQueries/editClass(_:with:)`` changes of a class: each property that is not `nil`.
public struct ClassChanges: Sendable, Hashable {
    /// A new name; blank names are refused.
    public var name: String?
    /// A new start, in the future; everyone booked or waiting is told the class moved.
    public var startsAt: Date?
    /// A new duration, 1 to 600 minutes.
    public var durationMinutes: Int?
    /// A new credit cost, 0 to 1 000, for bookings made from now on.
    public var creditCost: Decimal?
    /// A new instructor.
    public var instructorName: String?
    /// A new description.
    public var description: String?

    /// The changes to make; what is left out stays.
    ///
    /// - Parameters:
    ///   - name: A new name.
    ///   - startsAt: A new start.
    ///   - durationMinutes: A new duration.
    ///   - creditCost: A new credit cost.
    ///   - instructorName: A new instructor.
    ///   - description: A new description.
    public init(
        name: String? = nil, startsAt: Date? = nil, durationMinutes: Int? = nil, creditCost: Decimal? = nil,
        instructorName: String? = nil, description: String? = nil
    ) {
        self.name = name
        self.startsAt = startsAt
        self.durationMinutes = durationMinutes
        self.creditCost = creditCost
        self.instructorName = instructorName
        self.description = description
    }
}
