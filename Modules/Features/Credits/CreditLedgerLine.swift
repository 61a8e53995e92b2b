import Foundation

/// A ledger entry with the class its booking debit or refund was for, as one request reads them: the ledger
/// embeds each entry's booking and the booking its class (`booking:bookings(class_session:class_sessions(…))`),
/// so a screen can say "−2.00 booking · Spin & Core" without a request per entry.
public struct CreditLedgerLine: Decodable, Sendable, Hashable, Identifiable {
    /// The ledger row.
    public var entry: CreditLedgerEntry
    /// The booked class's name; `nil` for a purchase, an expiry or an adjustment.
    public var className: String?
    /// When the booked class starts; `nil` when there is no class.
    public var classStartsAt: Date?

    /// The ledger row's id.
    public var id: UUID { entry.id }

    /// A line from its parts (for tests and previews).
    ///
    /// - Parameters:
    ///   - entry: The ledger row.
    ///   - className: The booked class's name, or `nil`.
    ///   - classStartsAt: When the booked class starts, or `nil`.
    public init(entry: CreditLedgerEntry, className: String? = nil, classStartsAt: Date? = nil) {
        self.entry = entry
        self.className = className
        self.classStartsAt = classStartsAt
    }

    private enum CodingKeys: String, CodingKey {
        case booking
    }

    private struct Booking: Decodable {
        var classSession: BookedClass?
    }

    private struct BookedClass: Decodable {
        var name: String
        var startsAt: Date
    }

    /// Reads the ledger row and, when present, its embedded booking's class.
    ///
    /// - Parameter decoder: The row's decoder (FitCore's wire decoder: snake_case keys, ISO 8601 dates).
    /// - Throws: `DecodingError` when the row or its embedded class does not decode.
    public init(from decoder: any Decoder) throws {
        entry = try CreditLedgerEntry(from: decoder)
        let bookedClass = try decoder.container(keyedBy: CodingKeys.self)
            .decodeIfPresent(Booking.self, forKey: .booking)?.classSession
        className = bookedClass?.name
        classStartsAt = bookedClass?.startsAt
    }
}
