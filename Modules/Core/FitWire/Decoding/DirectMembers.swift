/// An object's members by key, keys as a `Decodable` type sees them (converted from snake_case): a JSON object's
/// members, or a stored row's columns; with where the object sits.
///
/// A class, so that a ``DirectKeyedContainer`` is one reference: `KeyedDecodingContainer` keeps its container in a
/// box of a type known only at run time, and copies the container out of it for every member read, through the
/// container's value witnesses. One reference is one retain and release per copy.
package protocol DirectMembers: AnyObject {
    /// Every member's key.
    var keys: [String] { get }

    /// Where the object sits.
    var codingPath: [any CodingKey] { get }

    /// The member at `key`.
    ///
    /// - Parameter key: The converted key.
    /// - Returns: The member, or `nil` when there is none.
    func member(_ key: String) -> (any DirectValue)?
}
