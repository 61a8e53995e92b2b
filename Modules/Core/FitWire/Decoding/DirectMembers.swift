/// An object's members by key, keys as a `Decodable` type sees them (converted from snake_case): a JSON object's
/// members, or a stored row's columns. A class, so that a container copies one reference rather than the members.
package protocol DirectMembers: AnyObject {
    /// Every member's key.
    var keys: [String] { get }

    /// The member at `key`.
    ///
    /// - Parameter key: The converted key.
    /// - Returns: The member, or `nil` when there is none.
    func member(_ key: String) -> (any DirectValue)?
}
