/// An object's members by key, keys as a `Decodable` type sees them (converted from snake_case): a JSON object's
/// members, or a stored row's columns.
package protocol DirectMembers {
    /// Every member's key.
    var keys: [String] { get }

    /// The member at `key`.
    ///
    /// - Parameter key: The converted key.
    /// - Returns: The member, or `nil` when there is none.
    func member(_ key: String) -> (any DirectValue)?
}
