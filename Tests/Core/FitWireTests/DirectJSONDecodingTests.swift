import FitTesting
import Foundation
import Testing

@testable import FitCore
@testable import FitWire

/// Response bodies decode straight from the values ``JSONReader`` reads, with exactly `JSONDecoder`'s results
/// (FitKit's, with snake_case keys and the wire's dates); whatever the direct path does not promise, and every error,
/// is `JSONDecoder`'s own.
@Suite struct DirectJSONDecodingTests {
    enum Kind: String, Decodable, Equatable {
        case yoga, spin
    }

    struct Nested: Decodable, Equatable {
        var innerValue: Int
        var note: String?
    }

    struct Row: Decodable, Equatable {
        var id: UUID
        var name: String
        var count: Int
        var small: Int8?
        var ratio: Double?
        var weight: Float?
        var amount: Decimal?
        var startsAt: Date?
        var tags: [String]?
        var kind: Kind?
        var flag: Bool?
        var nested: Nested?
        var values: [Int?]?
        var extras: [String: Int]?
        var link: URL?
    }

    /// A row's members, in order, as JSON text.
    static let members: [(String, String)] = [
        ("id", #""6f9619ff-8b86-d011-b42d-00c04fc964ff""#), ("name", #""Yoga \"flow\" ☕️\n""#), ("count", "42"),
        ("small", "-7"), ("ratio", "12"), ("weight", "3"), ("amount", "150"),
        ("starts_at", #""2026-06-04T18:00:00.123Z""#), ("tags", #"["a","b c"]"#), ("kind", #""spin""#),
        ("flag", "true"), ("nested", #"{"inner_value":1,"note":null}"#), ("values", "[1,null,3]"),
        ("unknown_column", "[{}]"),
    ]

    /// The row with `key`'s value replaced by `value` (or added after the others when the row has no `key`).
    static func row(_ key: String? = nil, _ value: String = "") -> String {
        var members = members
        if let key {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                members[index].1 = value
            } else {
                members.append((key, value))
            }
        }
        return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private static let decoder = WireCoding.makeDecoder()

    /// What the direct path gives (`nil`: left to `JSONDecoder`) and what `JSONDecoder` gives.
    private static func both<T: Decodable & Equatable>(_ type: T.Type, _ text: String) -> (
        direct: T?, decoder: Result<T, any Error>
    ) {
        let data = Data(text.utf8)
        return (DirectJSONDecoding.decode(T.self, from: data), Result { try decoder.decode(T.self, from: data) })
    }

    @Test func aRowDecodesDirectlyWithJSONDecodersValue() throws {
        let (direct, decoded) = Self.both(Row.self, Self.row())
        let value = try #require(direct, "the direct path declined a plain row")
        #expect(value == (try decoded.get()))
        #expect(value.nested == Nested(innerValue: 1, note: nil))
        #expect(value.values == [1, nil, 3])
        #expect(value.startsAt == WireDate.date(from: "2026-06-04T18:00:00.123Z"))
        #expect(value.amount == 150)
        let rows = Self.both([Row].self, "[\(Self.row()),\(Self.row())]")
        #expect(rows.direct?.count == 2)
        #expect(rows.direct == (try rows.decoder.get()))
        #expect(Self.both(Row?.self, "null").direct == .some(nil))
        #expect(Self.both(Int.self, " 7 ").direct == 7)
    }

    @Test(
        "what the direct path leaves to JSONDecoder",
        arguments: [
            ("a fraction", "ratio", "0.5"),
            ("an exponent", "count", "1e2"),
            ("an integer of 19 digits", "count", "1234567890123456789"),
            ("a Double beyond 2^53", "ratio", "9007199254740993"),
            ("a Float beyond 2^24", "weight", "16777217"),
            ("an Int8 that does not fit", "small", "128"),
            ("a URL", "link", #""https://example.com""#),
            ("a [String: Int], whose keys JSONDecoder keeps", "extras", #"{"some_key":1}"#),
            ("a second key that converts to the same name", "startsAt", #""2026-06-04T18:00:00Z""#),
            ("a date the wire does not write", "starts_at", #""June 4""#),
            ("a UUID that is not one", "id", #""6f9619ff""#),
            ("an unknown enumeration case", "kind", #""pilates""#),
            ("a number for a string", "name", "5"),
            ("a missing nested key", "nested", #"{"note":"x"}"#),
            ("a string with an escaped surrogate pair", "name", #""\ud83d\ude00""#),
            ("a string for a Decimal", "amount", #""150""#),
        ])
    func leftToJSONDecoder(_ what: String, _ key: String, _ value: String) {
        let text = Self.row(key, value)
        let (direct, decoded) = Self.both(Row.self, text)
        #expect(direct == nil, "\(what): \(text)")
        let answer = Result { try ResponseDecoder.decode(Row.self, from: Data(text.utf8), source: "rows") }
        #expect("\(answer)" == "\(Self.described(decoded))", "\(what)")
    }

    @Test func aKeyTwiceIsLeftToJSONDecoder() {
        let text = "{\"count\":1," + Self.row().dropFirst()
        let (direct, decoded) = Self.both(Row.self, text)
        #expect(direct == nil)
        let answer = Result { try ResponseDecoder.decode(Row.self, from: Data(text.utf8), source: "rows") }
        #expect("\(answer)" == "\(Self.described(decoded))")
    }

    /// `JSONDecoder`'s result with a `DecodingError` described as ``ResponseDecoder`` describes it.
    private static func described<T>(_ result: Result<T, any Error>) -> Result<T, any Error> {
        result.mapError { error -> any Error in
            (error as? DecodingError).map { ResponseDecoder.describe($0, source: "rows") } ?? error
        }
    }

    @Test func randomBodiesDecodeAsJSONDecoderDecodesThem() {
        var random = SeededRandomNumberGenerator(seed: 20_261_127)
        var direct = 0
        for _ in 0..<2000 {
            let text = Self.randomBody(using: &random)
            let data = Data(text.utf8)
            let reference = Result { try Self.decoder.decode([Row].self, from: data) }
            if let value = DirectJSONDecoding.decode([Row].self, from: data) {
                direct += 1
                #expect((try? reference.get()) == value, "\(text)")
            }
            let answer = Result { try ResponseDecoder.decode([Row].self, from: data, source: "rows") }
            #expect("\(answer)" == "\(Self.described(reference))", "\(text)")
        }
        // Both paths are exercised: most bodies decode directly, and many are left to JSONDecoder.
        #expect(direct > 200 && direct < 1900, "decoded directly: \(direct) of 2000")
    }

    /// An array of up to three rows, each member missing (1 in 10), null (1 in 10), its first value (5 in 10) or any
    /// of its values (3 in 10: of another type, at an edge), sometimes with a key that converts to the same name as
    /// another or a column no property reads.
    private static func randomBody(using random: inout SeededRandomNumberGenerator) -> String {
        func pick<T>(_ options: [T]) -> T { options.randomElement(using: &random)! }
        let choices: [(String, [String])] = [
            ("id", [#""00000000-0000-4000-8000-000000000001""#, #""nope""#, "1"]),
            ("name", [#""Spin""#, #""a\"b\\c\u00e9""#, "true", #""""#]),
            ("count", ["0", "-12", "999999999999999999", "1.5", "1e3", #""3""#]),
            ("small", ["127", "-128", "128", "0"]),
            ("ratio", ["3", "9007199254740992", "9007199254740993", "0.25", #""x""#]),
            ("weight", ["16777216", "16777217", "-4", "2.5"]),
            ("amount", ["10", "-3", "0.1", "123456789012345678", #""10""#]),
            ("starts_at", [#""2026-06-04T18:00:00Z""#, #""2026-06-04T18:00:00.5+02:00""#, #""soon""#, "0"]),
            ("tags", [#"["a","b"]"#, "[]", #"["a",1]"#, #""a""#]),
            ("kind", [#""yoga""#, #""spin""#, #""row""#]),
            ("flag", ["true", "false", "1"]),
            ("nested", [#"{"inner_value":2}"#, #"{"inner_value":2,"note":"n"}"#, #"{"note":"n"}"#, "[]"]),
            ("values", ["[1,null,3]", "[]", "[null]", #"[1,"2"]"#]),
            ("extras", [#"{"a_b":1}"#, "{}"]),
            ("link", [#""https://example.com/a""#]),
        ]
        let rows = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            var members: [String] = []
            for (key, values) in choices {
                let roll = Int.random(in: 0..<10, using: &random)
                if roll == 0 { continue }  // missing
                if roll == 1 {
                    members.append("\"\(key)\":null")
                    continue
                }
                members.append("\"\(key)\":\(roll < 7 ? values[0] : pick(values))")
            }
            if Int.random(in: 0..<20, using: &random) == 0 { members.append(#""startsAt":"2026-01-01T00:00:00Z""#) }
            if Int.random(in: 0..<10, using: &random) == 0 { members.append(#""other_column":{"x":[1,2]}"#) }
            return "{" + members.joined(separator: ",") + "}"
        }
        return "[" + rows.joined(separator: ",") + "]"
    }
}
