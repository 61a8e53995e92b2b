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
        if let converted = lowercaseWordsJoined(key) { return converted }
        if let known = remembered.withLock({ $0[key] }) { return known }
        let converted = convert(key)
        remembered.withLock { table in
            if table.count < limit { table[key] = converted }
        }
        return converted
    }

    /// The conversion of a column name of lowercase words (`class_session_id`, `v2_name`: ASCII lowercase letters,
    /// digits only in the first word and not first, one underscore between words, none at either end), done
    /// without the table's lock: drop each underscore and uppercase the letter after it, which is what
    /// ``convert(_:)`` does with such a key. `nil` for any other key.
    static func lowercaseWordsJoined(_ key: String) -> String? {
        var simple = true
        let converted = String(unsafeUninitializedCapacity: key.utf8.count) { buffer in
            var count = 0
            var afterUnderscore = false
            var firstWord = true
            for byte in key.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"):
                    buffer[count] = afterUnderscore ? byte - 32 : byte
                    count += 1
                    afterUnderscore = false
                // Foundation capitalizes a later word's letter after a digit too (`b2c3` → `B2C3`): only the first
                // word, which it lowercases, is taken with digits.
                case UInt8(ascii: "0")...UInt8(ascii: "9") where count > 0 && firstWord:
                    buffer[count] = byte
                    count += 1
                case UInt8(ascii: "_") where count > 0 && !afterUnderscore:
                    afterUnderscore = true
                    firstWord = false
                default:
                    simple = false
                    return 0
                }
            }
            if afterUnderscore { simple = false }
            return count
        }
        return simple ? converted : nil
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
