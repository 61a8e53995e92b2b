/// A JSON object's members by their keys converted from snake_case, as `JSONDecoder` with FitKit's key strategy sees
/// them (``SnakeCaseKeys``).
package final class JSONMembers: DirectMembers {
    /// The members by converted key.
    let byKey: [String: JSONValue]

    /// - Throws: ``DirectDecodingUnsupported`` when two keys convert to the same name: which one `JSONDecoder` keeps
    ///   is its own business.
    init(_ object: [String: JSONValue]) throws {
        var converted: [String: JSONValue] = [:]
        converted.reserveCapacity(object.count)
        for (key, value) in object {
            guard converted.updateValue(value, forKey: SnakeCaseKeys.camelCase(key)) == nil else {
                throw DirectDecodingUnsupported()
            }
        }
        byKey = converted
    }

    package var keys: [String] { Array(byKey.keys) }
    package func member(_ key: String) -> (any DirectValue)? { byKey[key] }
}
