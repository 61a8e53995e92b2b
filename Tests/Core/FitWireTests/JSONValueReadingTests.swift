import FitTesting
import Foundation
import Testing

@testable import FitWire

/// `JSONValue(json:)` gives `JSONDecoder`'s value and error for every document; the fast reader reads the common
/// ones itself and leaves the rest to `JSONDecoder` (the fuzz target `json-value` checks the same on any bytes).
struct JSONValueReadingTests {
    /// What JSONDecoder says, written as text: the value's compact JSON, or the error.
    private func decoderSays(_ text: String) -> String {
        do {
            return String(
                decoding: JSONWriter.data(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))),
                as: UTF8.self)
        } catch {
            return "error: \(error)"
        }
    }

    private func readingSays(_ text: String) -> String {
        do {
            return String(decoding: JSONWriter.data(try JSONValue(json: Data(text.utf8))), as: UTF8.self)
        } catch {
            return "error: \(error)"
        }
    }

    private func fastReader(_ text: String) -> JSONValue? {
        Data(text.utf8).withUnsafeBytes { JSONReader.value($0.bindMemory(to: UInt8.self)) }
    }

    @Test(arguments: [
        #"[null,"1","realtime:fitkit-bookings-1","postgres_changes",{"data":{"record":{"n":12,"ok":true}},"ids":[42]}]"#,
        #"  {"a" : [ 1 , -2 , 0 , [ ] , { } ] , "b" : "x\u00e9\n\"y\/\\\t\b\f\r" }  "#,
        #"{"a":null,"b":false,"c":true,"d":"","e":"caf\u00E9 ☕️"}"#,
        #"123456789012345678"#, #"-123456789012345678"#, #""text""#, #"null"#, #"[[[[[[]]]]]]"#,
        "\"\u{0}\"".replacingOccurrences(of: "\u{0}", with: "\\u0000"),
    ])
    func theFastReaderReadsCommonDocumentsAsJSONDecoderDoes(text: String) throws {
        let fast = try #require(fastReader(text), "the fast reader declined \(text)")
        #expect(String(decoding: JSONWriter.data(fast), as: UTF8.self) == decoderSays(text))
        #expect(readingSays(text) == decoderSays(text))
    }

    @Test(arguments: [
        // Outside the fast reader's reach: JSONDecoder reads them.
        "1.5", "-0.25", "1e3", "2E-2", "-0", "1234567890123456789", "[0.1,12345678901234567890123]",
        #""\ud83d\ude00""#, #"{"k":1,"k":2}"#, "\u{FEFF}[1]",
        // Not JSON: JSONDecoder's error.
        "", " ", "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "01", "-", "+1", ".5", "1.", "tru", "nul", "[", "]",
        "{\"a\":}", "\"unterminated", "\"tab\there\"", #""\x""#, #""\u12""#, #""\ud800""#, "[1]x", "NaN", "'a'",
        "[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 601),
    ])
    func everythingElseIsJSONDecodersValueOrError(text: String) {
        #expect(readingSays(text) == decoderSays(text))
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        var bytes = Array(#"["ok","#.utf8)
        bytes += [0x22, 0xC3, 0x28, 0x22, 0x5D]  // "\xC3(" — a broken two-byte sequence — then ]
        let data = Data(bytes)
        #expect(data.withUnsafeBytes { JSONReader.value($0.bindMemory(to: UInt8.self)) } == nil)
        let mine = Result { try JSONValue(json: data) }.map { JSONWriter.data($0) }
        let theirs = Result { try JSONDecoder().decode(JSONValue.self, from: data) }.map { JSONWriter.data($0) }
        #expect("\(mine)" == "\(theirs)")
    }

    @Test func randomDocumentsReadAsJSONDecoderReadsThem() throws {
        var random = SeededRandomNumberGenerator(seed: 20_261_127)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &random)
            let text = String(decoding: JSONWriter.data(value), as: UTF8.self)
            let fast = try #require(fastReader(text), "declined \(text)")
            #expect(fast == value)
            #expect(readingSays(text) == decoderSays(text))
        }
    }

    private static func randomValue(depth: Int, using random: inout SeededRandomNumberGenerator) -> JSONValue {
        let kinds = depth > 3 ? 4 : 6
        switch Int.random(in: 0..<kinds, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            return .number(
                Decimal(Int64.random(in: -999_999_999_999_999_999...999_999_999_999_999_999, using: &random)))
        case 3:
            let alphabet = Array("ab é☕️\"\\/\n\t\u{1}😀")
            return .string(
                String(
                    (0..<Int.random(in: 0..<12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
        case 4:
            return .array(
                (0..<Int.random(in: 0..<5, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            var members: [String: JSONValue] = [:]
            for index in 0..<Int.random(in: 0..<5, using: &random) {
                members["k\(index)_\(Int.random(in: 0..<100, using: &random))"] = randomValue(
                    depth: depth + 1, using: &random)
            }
            return .object(members)
        }
    }
}
