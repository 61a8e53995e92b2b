import Foundation
import Testing

@testable import FitWire

/// The remembered snake_case conversion gives the keys Foundation's `.convertFromSnakeCase` gives.
@Suite struct SnakeCaseKeysTests {
    /// Records the keys a decoder hands to a type.
    struct Keys: Decodable {
        var names: Set<String>
        init(from decoder: any Decoder) throws {
            names = Set(try decoder.container(keyedBy: SnakeCaseKeys.Key.self).allKeys.map(\.stringValue))
        }
    }

    static let keys = [
        "session_id", "id", "starts_at", "_private", "__double", "trailing_", "a__b", "user_ID", "URL_value",
        "alreadyCamel", "already_camelCase", "x", "_", "___", "credit_cost_2", "ümlaut_wörter", "exercise_history",
    ]

    @Test func convertsAsFoundationDoes() throws {
        let object = Dictionary(uniqueKeysWithValues: Self.keys.map { ($0, 1) })
        let data = try JSONSerialization.data(withJSONObject: object)
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let ours = WireCoding.makeDecoder()
        #expect(try ours.decode(Keys.self, from: data).names == foundation.decode(Keys.self, from: data).names)
        for key in Self.keys {
            let single = try JSONSerialization.data(withJSONObject: [key: 1])
            #expect(
                try [SnakeCaseKeys.convert(key)] == Array(foundation.decode(Keys.self, from: single).names), "\(key)")
        }
    }

    /// Column names of lowercase words are converted without the table, as Foundation converts them; any other key
    /// is left to the table.
    @Test func lowercaseWordsAreJoinedAsFoundationJoinsThem() throws {
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let simple = ["class_session_id", "v2_name", "a1b_cd", "x_y", "is_read_only", "z9_z"]
        for key in simple {
            let single = try JSONSerialization.data(withJSONObject: [key: 1])
            let expected = try #require(foundation.decode(Keys.self, from: single).names.first)
            #expect(SnakeCaseKeys.lowercaseWordsJoined(key) == expected, "\(key)")
            #expect(SnakeCaseKeys.camelCase(key) == expected, "\(key)")
        }
        for key in [
            "a_2", "_x", "x_", "a__b", "A_b", "a_B", "ümlaut_wörter", "a-b_c", "1a_b", "a1_b2c3", "credit_cost2",
        ] {
            #expect(SnakeCaseKeys.lowercaseWordsJoined(key) == nil, "\(key)")
            let single = try JSONSerialization.data(withJSONObject: [key: 1])
            #expect(
                try [SnakeCaseKeys.camelCase(key)] == Array(foundation.decode(Keys.self, from: single).names), "\(key)")
        }
        // Every key of up to four characters from letters, digits and underscores: the fast conversion, where it
        // applies, agrees with Foundation's.
        let alphabet = Array("ab1_")
        var keys = [""]
        for _ in 0..<4 { keys = keys.flatMap { key in alphabet.map { key + String($0) } } }
        for key in keys {
            guard let joined = SnakeCaseKeys.lowercaseWordsJoined(key) else { continue }
            let single = try JSONSerialization.data(withJSONObject: [key: 1])
            let expected = try #require(foundation.decode(Keys.self, from: single).names.first)
            #expect(joined == expected, "\(key)")
        }
    }

    @Test func rememberedConversionsStopGrowingAtTheLimit() {
        for index in 0..<(SnakeCaseKeys.limit + 50) { _ = SnakeCaseKeys.camelCase("column_\(index)_x") }
        #expect(SnakeCaseKeys.rememberedCount == SnakeCaseKeys.limit)
        #expect(SnakeCaseKeys.camelCase("column_5_x") == "column5X")
        #expect(SnakeCaseKeys.camelCase("brand_new_key_\(UUID().uuidString.prefix(4))").hasPrefix("brandNewKey"))
    }
}
