import Events
import Foundation
import Testing

@Suite struct RGBAColorTests {
    @Test(arguments: [
        ("#FF8800FF", RGBAColor(red: 0xFF, green: 0x88, blue: 0x00, alpha: 0xFF)),
        ("#00000000", RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)),
        ("#12AB34CD", RGBAColor(red: 0x12, green: 0xAB, blue: 0x34, alpha: 0xCD)),
    ])
    func parsesAndFormatsHexRoundTrip(hex: String, color: RGBAColor) throws {
        #expect(try RGBAColor(hex: hex) == color)
        #expect(color.hex == hex)
        #expect(try RGBAColor(hex: color.hex) == color)
    }

    @Test func acceptsLowerCaseDigitsButWritesUpperCase() throws {
        let color = try RGBAColor(hex: "#ab12cdef")
        #expect(color == RGBAColor(red: 0xAB, green: 0x12, blue: 0xCD, alpha: 0xEF))
        #expect(color.hex == "#AB12CDEF")
    }

    @Test(arguments: [
        "", "#", "red", "#FF8800", "FF8800FF", "#FF8800FF0", "#GG8800FF", " #FF8800FF", "#FF 800FF", "#ＦF8800FF",
    ])
    func rejectsMalformedHexWithATypedError(text: String) {
        #expect(throws: EventValidationError.malformedColor(text)) { try RGBAColor(hex: text) }
    }

    @Test func everyColourRoundTripsThroughItsCanonicalHex() throws {
        for value in stride(from: 0, through: 255, by: 17) {
            let channel = UInt8(value)
            let color = RGBAColor(red: channel, green: 255 - channel, blue: channel / 2, alpha: ~channel)
            #expect(RGBAColor.isCanonicalHex(color.hex))
            #expect(try RGBAColor(hex: color.hex) == color)
        }
    }

    @Test func mapsChannelsToFractionsForSwiftUI() {
        let fractions = RGBAColor(red: 255, green: 0, blue: 51, alpha: 102).fractions
        #expect(fractions.red == 1)
        #expect(fractions.green == 0)
        #expect(fractions.blue == 0.2)
        #expect(fractions.alpha == 0.4)
    }

    @Test func onlyUpperCaseHexIsCanonical() {
        #expect(RGBAColor.isCanonicalHex("#FF8800FF"))
        #expect(!RGBAColor.isCanonicalHex("#ff8800ff"))
        #expect(!RGBAColor.isCanonicalHex("#FF8800FF\n"))
    }
}
