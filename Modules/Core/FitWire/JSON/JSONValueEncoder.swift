import Foundation

/// Encodes an `Encodable` straight into a ``JSONValue`` with the wire conventions, without writing JSON text and
/// reading it back: what ``WireCoding/jsonValue(of:)`` otherwise does with `JSONEncoder` and `JSONDecoder`, and
/// with the same result. A write's or a function call's body goes through it on every request.
///
/// It reproduces `JSONEncoder`'s conventions: camelCase keys become snake_case exactly as `JSONEncoder`'s
/// `convertToSnakeCase` makes them (each key is converted by `JSONEncoder` once, then remembered), a `String`-keyed
/// dictionary keeps its keys, dates are ``WireDate`` text, a `Decimal` is the number its text reads as, and a value
/// that encodes nothing is `{}`. What `JSONEncoder` writes in ways of its own — floating-point numbers, `Data`,
/// `URL`, `superEncoder()` — makes it stop with ``Unsupported``, and the caller takes the long way.
enum JSONValueEncoder {
    /// The value holds something this encoder leaves to `JSONEncoder`.
    struct Unsupported: Error {}

    /// `value` as a ``JSONValue``.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The JSON `JSONEncoder` would write for it, read back as a ``JSONValue``.
    /// - Throws: ``Unsupported`` for a floating-point number, `Data`, `URL` or `superEncoder()` anywhere inside;
    ///   whatever `value`'s own `encode(to:)` throws.
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let context = Context()
        let node = Node()
        try encode(value, into: node, codingPath: [], context: context)
        if context.unsupported { throw Unsupported() }
        return node.value
    }

    /// Every member of every value comes through here (a keyed container's `String`, `Int` or `UUID` too), so the
    /// types are told apart by comparing `Value` with each, not by casting: a cast to a dictionary type converted every
    /// `String`-keyed dictionary's members to `any Encodable` on each call.
    fileprivate static func encode<Value: Encodable>(
        _ value: Value, into node: Node, codingPath: [any CodingKey], context: Context
    ) throws {
        if Value.self == String.self {
            node.leaf = .string(value as! String)
        } else if Value.self == UUID.self {
            node.leaf = .string(UUIDText.uppercase(value as! UUID))
        } else if Value.self == Int.self {
            node.leaf = .number(Decimal(value as! Int))
        } else if Value.self == Bool.self {
            node.leaf = .bool(value as! Bool)
        } else if Value.self == JSONValue.self {
            node.leaf = (value as! JSONValue)
        } else if Value.self == Date.self {
            node.leaf = .string(WireDate.string(from: value as! Date))
        } else if Value.self == Decimal.self {
            let decimal = value as! Decimal
            node.leaf = .number(Decimal(string: decimal.description) ?? decimal)
        } else if Value.self == Double.self || Value.self == Float.self || Value.self == Data.self
            || Value.self == URL.self
        {
            throw Unsupported()
        } else if let dictionary = value as? any StringKeyedMembers {
            // JSONEncoder leaves a String-keyed dictionary's keys as they are.
            var members: [String: Node] = [:]
            try dictionary.forEachMember { key, member in
                let child = Node()
                try encode(member, into: child, codingPath: codingPath + [Key(key)], context: context)
                members[key] = child
            }
            node.members = members
        } else {
            try value.encode(to: NodeEncoder(node: node, codingPath: codingPath, context: context))
        }
    }

    /// JSONEncoder's `convertToSnakeCase` of `key`, asked of `JSONEncoder` once per key.
    fileprivate static func snakeCased(_ key: String) -> String {
        if let known = convertedKeys.withLock({ $0[key] }) { return known }
        let converted =
            (try? WireCoding.sharedEncoder.encode(KeyProbe(key: key)))
            .flatMap { try? JSONDecoder().decode([String: Int].self, from: $0) }?.keys.first ?? key
        convertedKeys.withLock { $0[key] = converted }
        return converted
    }

    private static let convertedKeys = LockedState<[String: String]>([:])

    /// An object with the one member `key`, for `JSONEncoder` to convert the key.
    private struct KeyProbe: Encodable {
        let key: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(0, forKey: Key(key))
        }
    }
}

/// A `String`-keyed dictionary, which `JSONEncoder` writes with its keys as they are (it recognizes one the same way,
/// by a conformance of `Dictionary` where `Key == String`).
private protocol StringKeyedMembers {
    func forEachMember(_ body: (String, any Encodable) throws -> Void) rethrows
}

extension Dictionary: StringKeyedMembers where Key == String, Value: Encodable {
    fileprivate func forEachMember(_ body: (String, any Encodable) throws -> Void) rethrows {
        for (key, member) in self { try body(key, member) }
    }
}

/// A coding key made of any string or index.
private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(stringValue: String) { self.init(stringValue) }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// What one encoding noticed on the way: something left to `JSONEncoder`.
private final class Context {
    var unsupported = false
}

/// One value being built: a leaf, an object's members or an array's elements; nothing yet is `{}`.
private final class Node {
    var leaf: JSONValue?
    var members: [String: Node]?
    var elements: [Node]?

    var value: JSONValue {
        if let leaf { return leaf }
        if let elements { return .array(elements.map(\.value)) }
        return .object((members ?? [:]).mapValues(\.value))
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    let context: Context
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<K: CodingKey>(keyedBy type: K.Type) -> KeyedEncodingContainer<K> {
        if node.members == nil { node.members = [:] }
        return KeyedEncodingContainer(KeyedNodeContainer<K>(node: node, codingPath: codingPath, context: context))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.elements == nil { node.elements = [] }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath, context: context)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath, context: context)
    }
}

private struct KeyedNodeContainer<K: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]
    let context: Context

    private func child(for key: K) -> Node {
        let child = Node()
        node.members?[JSONValueEncoder.snakeCased(key.stringValue)] = child
        return child
    }

    mutating func encodeNil(forKey key: K) throws { child(for: key).leaf = .null }

    mutating func encode<T: Encodable>(_ value: T, forKey key: K) throws {
        try JSONValueEncoder.encode(value, into: child(for: key), codingPath: codingPath + [key], context: context)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: K)
        -> KeyedEncodingContainer<NestedKey>
    {
        NodeEncoder(node: child(for: key), codingPath: codingPath + [key], context: context)
            .container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: K) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: child(for: key), codingPath: codingPath + [key], context: context).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        context.unsupported = true
        return NodeEncoder(node: Node(), codingPath: codingPath, context: context)
    }

    mutating func superEncoder(forKey key: K) -> any Encoder {
        context.unsupported = true
        return NodeEncoder(node: Node(), codingPath: codingPath + [key], context: context)
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    let context: Context
    var count: Int { node.elements?.count ?? 0 }

    private func next() -> (Node, [any CodingKey]) {
        let child = Node()
        let path = codingPath + [Key(intValue: count)]
        node.elements?.append(child)
        return (child, path)
    }

    mutating func encodeNil() throws { next().0.leaf = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (child, path) = next()
        try JSONValueEncoder.encode(value, into: child, codingPath: path, context: context)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let (child, path) = next()
        return NodeEncoder(node: child, codingPath: path, context: context).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (child, path) = next()
        return NodeEncoder(node: child, codingPath: path, context: context).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        context.unsupported = true
        return NodeEncoder(node: Node(), codingPath: codingPath, context: context)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    let context: Context

    mutating func encodeNil() throws { node.leaf = .null }
    mutating func encode(_ value: Bool) throws { node.leaf = .bool(value) }
    mutating func encode(_ value: String) throws { node.leaf = .string(value) }
    mutating func encode(_ value: Int) throws { node.leaf = .number(Decimal(value)) }
    mutating func encode(_ value: Int8) throws { node.leaf = .number(Decimal(Int(value))) }
    mutating func encode(_ value: Int16) throws { node.leaf = .number(Decimal(Int(value))) }
    mutating func encode(_ value: Int32) throws { node.leaf = .number(Decimal(Int(value))) }
    mutating func encode(_ value: Int64) throws { node.leaf = .number(Decimal(value)) }
    mutating func encode(_ value: UInt) throws { node.leaf = .number(Decimal(value)) }
    mutating func encode(_ value: UInt8) throws { node.leaf = .number(Decimal(UInt(value))) }
    mutating func encode(_ value: UInt16) throws { node.leaf = .number(Decimal(UInt(value))) }
    mutating func encode(_ value: UInt32) throws { node.leaf = .number(Decimal(UInt(value))) }
    mutating func encode(_ value: UInt64) throws { node.leaf = .number(Decimal(value)) }
    mutating func encode(_ value: Double) throws { throw JSONValueEncoder.Unsupported() }
    mutating func encode(_ value: Float) throws { throw JSONValueEncoder.Unsupported() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONValueEncoder.encode(value, into: node, codingPath: codingPath, context: context)
    }
}
