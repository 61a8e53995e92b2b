import Foundation

/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`, remembered: the built-in strategy converts every key
/// of every object again (a third of the time to decode a page of rows), while a response repeats the same
/// few column names. Converts exactly as the built-in strategy does.
enum SnakeCaseKeys {
    /// A decoded key.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Conversions kept; past this many distinct keys (a hostile or unusual response) keys are converted
    /// without being kept, so memory stays bounded.
    static let limit = 1024
    private static let remembered = LockedState<[String: String]>([:])

    /// How many conversions are kept.
    static var rememberedCount: Int { remembered.withLock { $0.count } }

    /// The strategy to give a decoder.
    static let strategy = JSONDecoder.KeyDecodingStrategy.custom { path in
        Key(stringValue: camelCase(path[path.count - 1].stringValue))
    }

    /// `session_id` → `sessionId`, remembered.
    static func camelCase(_ key: String) -> String {
        // Nothing to convert (`id`, `status`): not worth the lock.
        if !key.utf8.contains(UInt8(ascii: "_")) { return key }
        if let known = remembered.withLock({ $0[key] }) { return known }
        let converted = convert(key)
        remembered.withLock { table in
            if table.count < limit { table[key] = converted }
        }
        return converted
    }

    /// Foundation's conversion: leading and trailing underscores kept; a key without inner underscores kept as
    /// it is; otherwise the first word lowercased and every later word capitalized, joined.
    static func convert(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: "_")
        let leading = key[key.startIndex..<first]
        let trailing = key[key.index(after: last)...]
        guard words.count > 1 else { return key }
        let joined = ([words[0].lowercased()] + words[1...].map(\.capitalized)).joined()
        return leading + joined + trailing
    }
}
