import Foundation

/// A class for ``DeskQueries/addClass(_:at:)`` to add to a studio's timetable.
public struct NewClass: Sendable, Hashable {
    /// The class's name; blank names are refused.
    public var name: String
    /// When it starts; it must be in the future.
    public var startsAt: Date
    /// How long it lasts, 1 to 600 minutes.
    public var durationMinutes: Int
    /// How many members it holds, 0 to 10 000.
    public var capacity: Int
    /// What booking it costs, 0 to 1 000 credits.
    public var creditCost: Decimal
    /// Who teaches it, if known.
    public var instructorName: String?
    /// What it is, if the studio says.
    public var description: String?

    /// A class to add.
    ///
    /// - Parameters:
    ///   - name: The class's name.
    ///   - startsAt: When it starts.
    ///   - durationMinutes: How long it lasts; 45 minutes by default.
    ///   - capacity: How many it holds; 10 by default.
    ///   - creditCost: What it costs; 2 credits by default.
    ///   - instructorName: Who teaches it; `nil` (the default) for nobody yet.
    ///   - description: What it is; `nil` (the default) for nothing.
    public init(
        name: String, startsAt: Date, durationMinutes: Int = 45, capacity: Int = 10, creditCost: Decimal = 2,
        instructorName: String? = nil, description: String? = nil
    ) {
        self.name = name
        self.startsAt = startsAt
        self.durationMinutes = durationMinutes
        self.capacity = capacity
        self.creditCost = creditCost
        self.instructorName = instructorName
        self.description = description
    }
}
