import FitCore
import Foundation
import Testing

@testable import FitInMemory
@testable import FitWire

/// The persisted file's texts for keys and rows, written straight from the stored values, are exactly what
/// `JSONWriter` writes for the values' JSON: a file written before keeps naming the same keys.
@Suite struct RowWriteTextTests {
    static let values: [DatabaseValue] = [
        .null, .bool(true), .bool(false), .integer(0), .integer(-42), .integer(.max), .integer(.min),
        .numeric(Decimal(string: "123456789012345678.987654321")!), .numeric(-0.5), .double(0.1), .double(-1.5e-7),
        .text(""), .text("Yoga ✓ \"quoted\"\n\t\\ \u{1}"),
        .uuid(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!),
        .timestamp(Date(timeIntervalSince1970: 1_780_000_000.123)), .timestamp(Date(timeIntervalSince1970: -1)),
        .json(["snake_key": ["inner": 1], "list": [1, "two", nil]]), .json(.null),
        .array([.text("a"), .text("b c")]), .array([]),
    ]

    @Test(arguments: values)
    func aValueIsWrittenAsJSONWriterWritesItsJSON(_ value: DatabaseValue) {
        var bytes: [UInt8] = []
        value.writeJSON(into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: JSONWriter.data(value.json), as: UTF8.self))
    }

    @Test func keysAndRowsAreWrittenAsJSONWriterWritesThem() {
        let key: [DatabaseValue] = [.uuid(UUID()), .integer(7), .text("b")]
        #expect(RowWrite.keyText(key) == String(decoding: JSONWriter.data(.array(key.map(\.json))), as: UTF8.self))

        // Column names out of order, so the sorted order differs from the table's.
        let columns = Self.values.indices.map { Column("c\(Self.values.count - $0)_\($0)", .text) }
        let layout = ColumnLayout(source: "samples", columns: columns)
        let text = RowWrite.rowText(
            Self.values, columns: columns, sortedPositions: RowWrite.sortedPositions(of: columns))
        let reference = JSONWriter.data(Record(layout: layout, values: Self.values).json)
        #expect(text == String(decoding: reference, as: UTF8.self))
    }
}
