import Foundation
import Testing

@testable import FitWire

/// `WireCoding.jsonValue(of:)` encodes straight into a `JSONValue` (`JSONValueEncoder`); every case here must give
/// what the long way gives, `JSONEncoder` with the wire conventions read back by `JSONDecoder`.
@Suite("Encoding straight to JSONValue")
struct JSONValueEncoderTests {
    private struct Row: Encodable {
        var id = UUID(uuidString: "6F1C2B4E-8D0A-4B3C-9E2F-1A2B3C4D5E6F")!
        var displayName = "Ana"
        var myURLValue = 3
        var userID: Int64 = -9_223_372_036_854_775_808
        var a1B2 = true
        var startsAt = Date(timeIntervalSince1970: 1_780_000_000.123)
        var amount = Decimal(string: "1.10")!
        var note: String? = nil
        var durationMinutes: Int? = 45
        var tags = ["a", "b"]
        var nested = Nested()
        var counts = ["camelKey": UInt64.max, "snake_key": 0]
        var kind = Kind.drop
        var json: JSONValue = ["already_wire": .array([.null, true, 2])]
        var empty = Empty()
        var emptyList: [Int] = []
    }

    private struct Nested: Encodable {
        var innerValue: UInt8 = 255
        var deeper = [["levelTwo": Int16.min]]
        var optionalDate: Date? = Date(timeIntervalSince1970: 0)
    }

    private enum Kind: String, Encodable { case drop = "drop_in" }

    private struct Empty: Encodable {}

    /// A type with its own encoding: nested and unkeyed containers, and a nil written on purpose.
    private struct Custom: Encodable {
        enum Keys: String, CodingKey { case outerKey, listOfThings, nothingHere }
        enum InnerKeys: String, CodingKey { case innerKey }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .outerKey)
            try inner.encode("x", forKey: .innerKey)
            var list = container.nestedUnkeyedContainer(forKey: .listOfThings)
            try list.encode(1)
            try list.encodeNil()
            var pair = list.nestedUnkeyedContainer()
            try pair.encode(Int8(-3))
            try container.encodeNil(forKey: .nothingHere)
        }
    }

    /// Optionals written with `encode`, not `encodeIfPresent`: each reaches the encoder as an `Optional`, whose own
    /// encoding hands the wrapped value (or nil) back.
    private struct ExplicitOptionals: Encodable {
        enum Keys: String, CodingKey { case someDate, noDate, someMembers, someJson, someId, noId }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(Date?.some(Date(timeIntervalSince1970: 86_400.5)), forKey: .someDate)
            try container.encode(Date?.none, forKey: .noDate)
            try container.encode([String: Int]?.some(["innerKey": 1]), forKey: .someMembers)
            try container.encode(JSONValue?.some(["a_b": 1]), forKey: .someJson)
            try container.encode(UUID(uuidString: "0A1B2C3D-4E5F-4061-8273-A4B5C6D7E8F9"), forKey: .someId)
            try container.encode(UUID?.none, forKey: .noId)
        }
    }

    private struct WithDouble: Encodable {
        var weightKg = 62.5
        var ratio: Float = 0.1
    }

    private struct WithData: Encodable {
        var blob = Data([0, 1, 2])
        var link = URL(string: "https://example.com/a?b=c")!
    }

    private struct Throwing: Encodable {
        struct Refused: Error, Equatable {}
        func encode(to encoder: any Encoder) throws { throw Refused() }
    }

    private static func theLongWay(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: WireCoding.makeEncoder().encode(value))
    }

    static let values: [(name: String, value: any Encodable & Sendable)] = [
        ("a row of every kind of member", Row()),
        ("an array of rows", [Row(), Row(displayName: "Bo", note: "n")]),
        (
            "a dictionary of function arguments",
            ["session_id": UUID(uuidString: "00000000-0000-4000-8000-000000000001")!]
        ),
        ("camelCase dictionary keys stay", ["sessionId": 1, "aB": 2]),
        (
            "a dictionary of optional identifiers",
            ["someId": UUID(uuidString: "ffffffff-0000-4000-8000-00000000000a"), "noId": UUID?.none]
        ),
        ("optionals written on purpose", ExplicitOptionals()),
        ("a dictionary inside an optional", [String: [String: Bool]]?.some(["outerKey": ["innerKey": true]])),
        ("a custom encoding", Custom()),
        ("a bare string", "plain"),
        ("a bare number", Decimal(string: "-0.000100")!),
        ("nil", String?.none),
        ("an empty value", Empty()),
        ("JSON as it is", JSONValue.object(["k": .number(5)])),
        ("floating point, the long way", WithDouble()),
        ("Data and URL, the long way", WithData()),
        ("floating point inside an array", [1.5, -0.25]),
    ]

    @Test("gives what JSONEncoder and JSONDecoder give", arguments: values.indices)
    func sameAsTheLongWay(_ index: Int) throws {
        let (name, value) = Self.values[index]
        let fast = try WireCoding.jsonValue(of: value)
        let slow = try Self.theLongWay(value)
        #expect(fast == slow, "\(name)")
        // Numbers as the long way spells them too (1.10 is read as 1.1).
        #expect(JSONWriter.data(fast) == JSONWriter.data(slow), "\(name)")
    }

    @Test("floating point, Data, URL and superEncoder are left to JSONEncoder")
    func unsupportedValuesTakeTheLongWay() {
        #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode(WithDouble()) }
        #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode(WithData()) }
        #expect(throws: JSONValueEncoder.Unsupported.self) { try JSONValueEncoder.encode([0.5]) }
        #expect(throws: Never.self) { try JSONValueEncoder.encode(Row()) }
    }

    @Test("an error the value throws is the caller's")
    func aValuesOwnErrorPassesThrough() {
        #expect(throws: Throwing.Refused()) { try WireCoding.jsonValue(of: Throwing()) }
    }

    @Test("keys are converted exactly as convertToSnakeCase converts them")
    func snakeCaseMatchesJSONEncoder() throws {
        let row = try #require(try WireCoding.jsonValue(of: Row()).objectValue)
        #expect(row["display_name"] == .string("Ana"))
        #expect(row["my_url_value"] == .number(3))
        #expect(row["user_id"] != nil)
        #expect(row["a1_b2"] == .bool(true))
        #expect(row["note"] == nil)
        #expect(row["counts"]?.objectValue?["camelKey"] == .number(Decimal(UInt64.max)))
    }
}
