/// A JSON object's members by their keys converted from snake_case, as `JSONDecoder` with FitKit's key strategy sees
/// them (``SnakeCaseKeys``).
///
/// A response's objects are rows of a few columns, each read once per key, so the members are kept in two arrays and
/// found by comparing keys in turn: building a dictionary (a hash and an insertion per member) and hashing every key
/// asked for cost more than the comparisons. An object of more than ``searchedInTurn`` members keeps a dictionary.
package final class JSONMembers: DirectMembers {
    /// The most members found by comparing keys in turn.
    static let searchedInTurn = 16

    /// The converted keys, in the order the object gave them.
    private let names: [String]
    private let values: [JSONValue]
    /// The members by converted key, for an object of more than ``searchedInTurn`` members.
    private let byKey: [String: JSONValue]?

    package let codingPath: [any CodingKey]

    /// - Parameters:
    ///   - object: The object's members by their keys in the JSON.
    ///   - codingPath: Where the object sits.
    /// - Throws: ``DirectDecodingUnsupported`` when two keys convert to the same name: which one `JSONDecoder` keeps
    ///   is its own business.
    init(_ object: [String: JSONValue], codingPath: [any CodingKey]) throws {
        self.codingPath = codingPath
        var names: [String] = []
        var values: [JSONValue] = []
        names.reserveCapacity(object.count)
        values.reserveCapacity(object.count)
        for (key, value) in object {
            names.append(SnakeCaseKeys.camelCase(key))
            values.append(value)
        }
        if names.count > Self.searchedInTurn {
            var byKey: [String: JSONValue] = [:]
            byKey.reserveCapacity(names.count)
            for (name, value) in zip(names, values) where byKey.updateValue(value, forKey: name) != nil {
                throw DirectDecodingUnsupported()
            }
            self.byKey = byKey
        } else {
            // Keys that differ before conversion differ after it unless an underscore went.
            if object.keys.contains(where: { $0.utf8.contains(UInt8(ascii: "_")) }) {
                for index in names.indices.dropFirst() where names[..<index].contains(names[index]) {
                    throw DirectDecodingUnsupported()
                }
            }
            byKey = nil
        }
        self.names = names
        self.values = values
    }

    package var keys: [String] { names }

    package func member(_ key: String) -> (any DirectValue)? {
        if let byKey { return byKey[key] }
        for index in names.indices where names[index] == key { return values[index] }
        return nil
    }
}
