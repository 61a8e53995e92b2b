extension CreditLedgerEntry {
    /// Why credits moved: one of FitKit's reasons, or an app's own, namespaced by its feature
    /// (`memberships.plan_grant`), as the `credit_ledger` table's `reason` check allows (`0017_app_ledger_reasons.sql`).
    ///
    /// FitKit's reasons are single words; an app's are `<feature>.<reason>`, each part lower-case letters, digits and
    /// underscores starting with a letter, at most 31 characters. A balance is the sum of every row, whatever its
    /// reason.
    ///
    /// ```swift
    /// extension CreditLedgerEntry.Reason {
    ///     static let planGrant: Self = "memberships.plan_grant"
    /// }
    /// ```
    public struct Reason: RawRepresentable, Codable, Sendable, Hashable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// Credits bought (positive).
        public static let purchase: Reason = "purchase"
        /// A class booked with `book_session` (negative: the class's credit cost).
        public static let booking: Reason = "booking"
        /// Credits given back by `cancel_booking` (positive).
        public static let refund: Reason = "refund"
        /// Purchased credits that lapsed (negative).
        public static let expiry: Reason = "expiry"
        /// A correction made by the studio's back office (either sign).
        public static let adjustment: Reason = "adjustment"

        /// FitKit's own reasons.
        public static let fitKitReasons: [Reason] = [.purchase, .booking, .refund, .expiry, .adjustment]

        /// The reason as the ledger stores it.
        public let rawValue: String

        /// A reason as the ledger stores it; any text decodes, so a row with an app's reason reads back as it is.
        ///
        /// - Parameter rawValue: The stored reason.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A reason written as a literal: `"memberships.plan_grant"`.
        ///
        /// - Parameter value: The reason.
        public init(stringLiteral value: String) {
            rawValue = value
        }

        /// Reads the stored text.
        ///
        /// - Parameter decoder: Reads one string.
        /// - Throws: `DecodingError` when the value is not a string.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Writes the stored text.
        ///
        /// - Parameter encoder: Takes one string.
        /// - Throws: What `encoder` throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// The stored text.
        public var description: String { rawValue }

        /// Whether this is one of FitKit's reasons, not an app's.
        public var isFitKitReason: Bool { Self.fitKitReasons.contains(self) }

        /// Whether the ledger accepts the reason: one of FitKit's, or `<feature>.<reason>` as the table's check says.
        public var isValid: Bool {
            if isFitKitReason { return true }
            let parts = rawValue.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy(Self.isNamePart)
        }

        /// `[a-z][a-z0-9_]{0,30}`.
        private static func isNamePart(_ part: Substring.UTF8View.SubSequence) -> Bool {
            guard let first = part.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), part.count <= 31
            else { return false }
            return part.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_")
            }
        }
    }
}
