import Foundation
import FuzzSupport

@testable import FitWire

/// `WireDate` decoding on any text. A date it reads writes back as wire text that reads back to the same instant
/// (to the millisecond the wire carries) and writes the same text again; and where the integer fast path reads a
/// timestamp, Foundation's ISO 8601 parser reads the same instant.
@_cdecl("LLVMFuzzerTestOneInput")
public func wireDateFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput(data, size).text
    guard let date = WireDate.date(from: text) else { return 0 }

    let written = WireDate.string(from: date)
    guard let reread = WireDate.date(from: written) else {
        fuzzCheck(false, "\(text.debugDescription) reads as \(date), written \(written.debugDescription), unreadable")
        return 0
    }
    fuzzCheck(
        abs(reread.timeIntervalSince(date)) <= 0.000_5 + 1e-6 * max(1, abs(date.timeIntervalSince1970) / 1e9),
        "\(text.debugDescription) reads as \(date), written \(written.debugDescription), reads back as \(reread)")
    fuzzCheck(
        WireDate.string(from: reread) == written,
        "\(written.debugDescription) reads back and writes \(WireDate.string(from: reread).debugDescription)")
    fuzzCheck(WireDate.wireRounded(date) == reread, "wireRounded(\(date)) is not \(reread)")

    let canonical = text.utf8.withContiguousStorageIfAvailable(CanonicalTimestamp.date(from:)) ?? nil
    if let canonical {
        let normalised = text.count > 10 ? String(text.prefix(10)) + "T" + String(text.dropFirst(11)) : text
        let style =
            text.contains(".")
            ? Date.ISO8601FormatStyle(includingFractionalSeconds: true) : Date.ISO8601FormatStyle()
        if let styled = try? style.parse(normalised) {
            fuzzCheck(
                abs(canonical.timeIntervalSince(styled)) < 0.000_001,
                "\(text.debugDescription): fast path \(canonical), Foundation \(styled)")
        }
    }
    return 0
}
