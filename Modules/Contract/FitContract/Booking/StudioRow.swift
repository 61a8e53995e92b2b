import Foundation

/// A `studios` row as the seed and the back office write it.
struct StudioRow: Encodable, Sendable {
    var id: UUID
    var name: String
    var timeZone: String
}
