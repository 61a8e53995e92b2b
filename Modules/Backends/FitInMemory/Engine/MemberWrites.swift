/// The writes members may make to the rows they own in a ``TableSchema/Access/ownedBy(column:memberWritable:)``
/// table, as the migrations' `grant insert, update, delete … to authenticated` says. Without the privilege a write is
/// `42501` "permission denied for table …", whatever the row.
///
/// A Boolean literal reads as all (`true`) or none (`false`) of them.
public struct MemberWrites: OptionSet, Sendable, Hashable, ExpressibleByBooleanLiteral {
    /// The bits of the set.
    public let rawValue: Int

    /// A set from its bits.
    ///
    /// - Parameter rawValue: The bits: 1 insert, 2 update, 4 delete.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Every write (`true`) or none (`false`).
    ///
    /// - Parameter value: Whether members may insert, update and delete their rows.
    public init(booleanLiteral value: Bool) {
        self = value ? .all : []
    }

    /// `INSERT`.
    public static let insert = MemberWrites(rawValue: 1)
    /// `UPDATE` (and an upsert that updates a conflicting row).
    public static let update = MemberWrites(rawValue: 2)
    /// `DELETE`.
    public static let delete = MemberWrites(rawValue: 4)
    /// Insert, update and delete.
    public static let all: MemberWrites = [.insert, .update, .delete]
}
