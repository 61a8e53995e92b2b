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

    @Test func rememberedConversionsStopGrowingAtTheLimit() {
        for index in 0..<(SnakeCaseKeys.limit + 50) { _ = SnakeCaseKeys.camelCase("column_\(index)_x") }
        #expect(SnakeCaseKeys.rememberedCount == SnakeCaseKeys.limit)
        #expect(SnakeCaseKeys.camelCase("column_5_x") == "column5X")
        #expect(SnakeCaseKeys.camelCase("brand_new_key_\(UUID().uuidString.prefix(4))").hasPrefix("brandNewKey"))
    }
}
