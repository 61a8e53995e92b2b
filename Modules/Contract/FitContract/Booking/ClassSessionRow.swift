import Foundation

/// A `class_sessions` row as the seed and the back office write it; a `nil` column takes its default (`NULL`).
struct ClassSessionRow: Encodable, Sendable {
    var id: UUID
    var studioId: UUID
    var name: String
    var description: String?
    var instructorName: String?
    var startsAt: Date
    var durationMinutes: Int
    var capacity: Int
    var creditCost: Decimal
    var cancelledAt: Date? = nil
}
