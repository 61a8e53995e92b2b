import Foundation
import Testing

@testable import FitWire

/// `UUIDText` reads and writes identifiers without Foundation's C formatting; every answer must be Foundation's.
@Suite("UUID text")
struct UUIDTextTests {
    /// Random identifiers, each written in upper, lower and mixed case.
    private static func canonicalTexts(count: Int) -> [String] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).flatMap { _ -> [String] in
            let text = UUID().uuidString
            let mixed = String(text.map { Bool.random(using: &generator) ? Character($0.lowercased()) : $0 })
            return [text, text.lowercased(), mixed]
        }
    }

    @Test("reads the canonical form as UUID(uuidString:) does")
    func readsCanonicalText() {
        for text in Self.canonicalTexts(count: 500) {
            #expect(UUIDText.uuid(text) == UUID(uuidString: text), "\(text)")
            #expect(UUIDText.uuid(text) != nil, "\(text)")
        }
        #expect(
            UUIDText.uuid("00000000-0000-0000-0000-000000000000")
                == UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        #expect(
            UUIDText.uuid("FFFFFFFF-ffff-FFFF-ffff-FFFFFFFFFFFF")?.uuidString == "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")
    }

    @Test(
        "any other text gets UUID(uuidString:)'s answer",
        arguments: [
            "", "not a uuid", "6F1C2B4E8D0A4B3C9E2F1A2B3C4D5E6F", "6F1C2B4E-8D0A-4B3C-9E2F-1A2B3C4D5E6",
            "6F1C2B4E-8D0A-4B3C-9E2F-1A2B3C4D5E6F0", "6F1C2B4E-8D0A-4B3C-9E2F_1A2B3C4D5E6F",
            "6F1C2B4G-8D0A-4B3C-9E2F-1A2B3C4D5E6F", "{6F1C2B4E-8D0A-4B3C-9E2F-1A2B3C4D5E6F}",
            " 6F1C2B4E-8D0A-4B3C-9E2F-1A2B3C4D5E6", "+F1C2B4E-8D0A-4B3C-9E2F-1A2B3C4D5E6F",
            "6F1C2B4E-8D0A-4B3C-9E2F-1A2B3C4D5E\u{0}F", "6F1C2B4E-8D0A-4B3C-9E2F-1A2B3C4D5EÉ",
            "６F1C2B4E-8D0A-4B3C-9E2F-1A2B3C4D5E6F",
        ])
    func otherTextIsFoundations(_ text: String) {
        #expect(UUIDText.uuid(text) == UUID(uuidString: text))
    }

    @Test("writes uuidString, and its lower-case form")
    func writesFoundationsText() {
        for _ in 0..<500 {
            let id = UUID()
            #expect(UUIDText.uppercase(id) == id.uuidString)
            #expect(UUIDText.lowercase(id) == id.uuidString.lowercased())
        }
        let edges = [
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
        ]
        for id in edges {
            #expect(UUIDText.uppercase(id) == id.uuidString)
            #expect(UUIDText.lowercase(id) == id.uuidString.lowercased())
        }
    }
}
