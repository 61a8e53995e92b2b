import FitInMemory
import Foundation
import Testing

@testable import FitCore
@testable import FitWire

/// ISO 8601 on the wire: offsets, 0–9 fraction digits, date-only values, PostgreSQL's space; UTC output.
@Suite struct WireDateTests {
    /// 2026-06-04T18:00:00Z.
    static let sixPM = Date(timeIntervalSince1970: 1_780_596_000)

    struct ParseCase: Sendable, CustomStringConvertible {
        let text: String
        let seconds: Double
        var description: String { text }
    }

    @Test(arguments: [
        ParseCase(text: "2026-06-04T18:00:00Z", seconds: 0),
        ParseCase(text: "2026-06-04T20:00:00+02:00", seconds: 0),
        ParseCase(text: "2026-06-04T20:00:00+0200", seconds: 0),
        ParseCase(text: "2026-06-04T11:00:00-07", seconds: 0),
        ParseCase(text: "2026-06-04T11:00:00-07:00", seconds: 0),
        ParseCase(text: "2026-06-04T23:30:00+05:30", seconds: 0),
        ParseCase(text: "2026-06-04T18:00:00+00:00", seconds: 0),
        ParseCase(text: "2026-06-04 18:00:00+00", seconds: 0),
        ParseCase(text: "2026-06-04 20:00:00.5+02", seconds: 0.5),
        ParseCase(text: "2026-06-04T18:00:00.5Z", seconds: 0.5),
        ParseCase(text: "2026-06-04T18:00:00.25Z", seconds: 0.25),
        ParseCase(text: "2026-06-04T18:00:00.125Z", seconds: 0.125),
        ParseCase(text: "2026-06-04T18:00:00.1250Z", seconds: 0.125),
        ParseCase(text: "2026-06-04T18:00:00.12500Z", seconds: 0.125),
        ParseCase(text: "2026-06-04T18:00:00.125000+00:00", seconds: 0.125),
        ParseCase(text: "2026-06-04T18:00:00.1250000Z", seconds: 0.125),
        ParseCase(text: "2026-06-04T18:00:00.12500000Z", seconds: 0.125),
        ParseCase(text: "2026-06-04T18:00:00.125000000Z", seconds: 0.125),
    ])
    func parsesTimestamps(_ parseCase: ParseCase) throws {
        let date = try #require(WireDate.date(from: parseCase.text))
        #expect(abs(date.timeIntervalSince(Self.sixPM) - parseCase.seconds) < 0.000_001)
    }

    /// The integer path that reads the canonical shapes agrees with the format style on every shape it takes:
    /// random instants from 1901 to 2096, each with 0–9 fraction digits and one of the offset spellings.
    @Test func theCanonicalPathAgreesWithTheFormatStyle() throws {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let wholeSecondStyle = Date.ISO8601FormatStyle()
        let offsets = ["Z", "+00:00", "+02:00", "-07", "+0530", "-11:45", "+00"]
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<3000 {
            let instant = Date(timeIntervalSince1970: Double(next(6_000_000_000)) - 2_170_000_000)
            let offset = offsets[round % offsets.count]
            let seconds =
                offset == "Z"
                ? 0
                : (offset.hasPrefix("-") ? -1 : 1)
                    * (Int(offset.dropFirst().prefix(2))! * 3600 + (offset.count > 3 ? Int(offset.suffix(2))! * 60 : 0))
            var text = Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: seconds)!).format(instant)
            text = String(text.prefix(19))
            if round % 3 == 0 { text = text.replacingOccurrences(of: "T", with: " ") }
            let digits = round % 10
            if digits > 0 { text += "." + (0..<digits).map { _ in String(next(10)) }.joined() }
            text += offset
            let canonical = try #require(
                text.utf8.withContiguousStorageIfAvailable(CanonicalTimestamp.date(from:)) ?? nil, "\(text)")
            let styled = try #require(
                try? (digits > 0 ? style : wholeSecondStyle).parse(text.replacingOccurrences(of: " ", with: "T")),
                "\(text)")
            #expect(abs(canonical.timeIntervalSince(styled)) < 0.000_001, "\(text)")
            #expect(WireDate.date(from: text) == canonical)
        }
    }

    /// The integer writer writes exactly what the format style writes, from 1583 to 9999, and leaves earlier
    /// years (which the style counts in Julian days) to the style.
    @Test func theCanonicalWriterAgreesWithTheFormatStyle() {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
        var state: UInt64 = 0xD1A
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let milliseconds = Int((state >> 11) % 265_000_000_000_000) - 12_200_000_000_000
            let date = Date(timeIntervalSince1970: (Double(milliseconds) + 0.5) / 1000)
            #expect(CanonicalTimestamp.string(millisecondsSince1970: milliseconds) == style.format(date))
        }
        #expect(CanonicalTimestamp.string(millisecondsSince1970: -1) == "1969-12-31T23:59:59.999Z")
        #expect(CanonicalTimestamp.string(millisecondsSince1970: 253_402_300_800_000) == nil)
        #expect(CanonicalTimestamp.string(millisecondsSince1970: -12_300_000_000_000) == nil)
        #expect(WireDate.string(from: Date(timeIntervalSince1970: -12_300_000_000)) == "1580-03-14T21:20:00.000Z")
    }

    /// Every millisecond text reads back to itself through the canonical path.
    @Test func millisecondTextsRoundTripThroughTheCanonicalPath() throws {
        for step in 0..<5000 {
            let milliseconds = Double(step) * 7_919_993.0 - 2_000_000_000_000
            let text = WireDate.string(from: Date(timeIntervalSince1970: milliseconds / 1000))
            let date = try #require(WireDate.date(from: text))
            #expect(WireDate.string(from: date) == text)
        }
    }

    /// `decodedFromWire` gives, bit for bit, what reading the written text back gives: sub-millisecond instants either
    /// side of a millisecond, negative and far years, the last writable millisecond and dates past it.
    @Test func decodingFromTheWireWithoutTheTextGivesTheSameInstant() {
        var generator = SystemRandomNumberGenerator()
        var dates = (0..<20_000).map { step in
            Date(timeIntervalSince1970: Double(step) * 15_485_863.123_456_7 - 60_000_000_000)
        }
        dates += (0..<20_000).map { _ in Date(timeIntervalSince1970: .random(in: -1e13...3e11, using: &generator)) }
        dates += [
            Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: 253_402_300_799.9996),
            Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSince1970: -12_300_000_000),
            Date(timeIntervalSince1970: -62_135_596_800), Date(timeIntervalSince1970: -0.0004),
            Date(timeIntervalSince1970: 0.0005), .distantPast, .distantFuture,
        ]
        let differing = dates.filter { date in
            let viaText = WireDate.date(from: WireDate.string(from: date))
            return WireDate.decodedFromWire(date)?.timeIntervalSinceReferenceDate.bitPattern
                != viaText?.timeIntervalSinceReferenceDate.bitPattern
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map(\.timeIntervalSince1970))")
    }

    @Test func keepsMicroseconds() throws {
        let date = try #require(WireDate.date(from: "2026-06-04T18:00:00.123456Z"))
        #expect(abs(date.timeIntervalSince(Self.sixPM) - 0.123456) < 0.000_000_5)
    }

    @Test func aDateOnlyValueIsMidnightUTC() throws {
        let date = try #require(WireDate.date(from: "2026-06-04"))
        #expect(date == Self.sixPM.addingTimeInterval(-18 * 3600))
    }

    @Test(arguments: ["2026-06-04T24:00:00Z", "2026-06-05T00:00:00Z"])
    func midnightMayBeWrittenAs24(_ text: String) throws {
        #expect(try #require(WireDate.date(from: text)) == Self.sixPM.addingTimeInterval(6 * 3600))
    }

    @Test func leapDaysAreValidInLeapYearsOnly() {
        #expect(WireDate.date(from: "2028-02-29") != nil)
        #expect(WireDate.date(from: "2026-02-29") == nil)
        #expect(WireDate.date(from: "2000-02-29T12:00:00Z") != nil)
        #expect(WireDate.date(from: "1900-02-29T12:00:00Z") == nil)
    }

    @Test(arguments: [
        "", "tomorrow", "2026-13-04", "2026-06-04T25:00:00Z", "2026-06-04T24:00:01Z", "2026-06-04T18:60:00Z",
        "2026-06-04T18:00:61Z", "2026-02-30T10:00:00Z", "2026-04-31", "2026-06-00", "2026-06-04T18:00", "04/06/2026",
        "2026-06-04Tjunk",
    ])
    func rejectsInvalidText(_ text: String) {
        #expect(WireDate.date(from: text) == nil)
    }

    /// Found by fuzzing (Fuzz/Corpus/wire-date/finding-year-zero-offset): the first text read as an instant in year
    /// −1, written back as `-0001-12-31T21:52:21.000Z`, which did not read back. PostgreSQL has no year 0, and an
    /// instant outside the years 1–9999 in UTC has no wire text that reads back.
    @Test(arguments: [
        "0000-01-01T00:00:21+028", "0000-12-31T23:00:00-02:00", "0000-06-04", "0001-01-01T00:00:00+01:00",
        "9999-12-31T23:59:59-01:00",
    ])
    func rejectsInstantsOutsideTheYearsItCanWrite(_ text: String) {
        #expect(WireDate.date(from: text) == nil)
    }

    /// Found by fuzzing (Fuzz/Corpus/wire-date/finding-three-digit-year): Foundation's format style read the first
    /// text as year 200 and ignored the trailing `59Z`; the date it gave was written as `0200-02-29T23:59:59.000Z`,
    /// which then did not read back. Only the documented shapes reach the style now.
    @Test(arguments: [
        "200-02-29T23:59:59Z59Z", "2026-06-04T18:00:00Zjunk", "26-06-04T18:00:00Z", "2026-6-4T18:00:00Z",
        "2026-06-04T18:00:00+028", "2026-06-04T18:00:00+02:00:30", "2026-06-04T18:00:00.1234567891Z", "2026-06-04x",
        "2026-06-04T1:0:0Z",
    ])
    func rejectsWhatTheFormatStyleWouldStretchToRead(_ text: String) {
        #expect(WireDate.date(from: text) == nil)
    }

    /// Before 1583 the format style counts in the Julian calendar, where every fourth year is a leap year: the
    /// 29 February it writes for year 200 reads back.
    @Test func aJulianLeapDayBefore1583ReadsBack() throws {
        let leapDay = try #require(WireDate.date(from: "0200-02-29T23:59:59Z"))
        #expect(WireDate.string(from: leapDay) == "0200-02-29T23:59:59.000Z")
        let shifted = try #require(WireDate.date(from: "0200-03-01T00:30:00+01:00"))
        #expect(WireDate.string(from: shifted) == "0200-02-29T23:30:00.000Z")
        #expect(WireDate.date(from: WireDate.string(from: shifted)) == shifted)
    }

    @Test(arguments: ["0001-01-01T00:00:00.000Z", "1580-03-14T21:20:00.000Z", "9999-12-31T23:59:59.999Z"])
    func theFirstAndLastWritableInstantsReadBack(_ text: String) throws {
        let date = try #require(WireDate.date(from: text))
        #expect(WireDate.string(from: date) == text)
    }

    @Test(arguments: [
        (0.0, "2026-06-04T18:00:00.000Z"),
        (0.5, "2026-06-04T18:00:00.500Z"),
        (0.125, "2026-06-04T18:00:00.125Z"),
    ])
    func encodesUTCWithMilliseconds(offset: Double, text: String) {
        #expect(WireDate.string(from: Self.sixPM.addingTimeInterval(offset)) == text)
    }

    @Test(arguments: [0.0, 0.001, 0.123, 0.5, 0.999, 59.75])
    func roundTripsMilliseconds(offset: Double) throws {
        let text = WireDate.string(from: Self.sixPM.addingTimeInterval(offset))
        let parsed = try #require(WireDate.date(from: text))
        #expect(WireDate.string(from: parsed) == text)
        #expect(abs(parsed.timeIntervalSince(Self.sixPM) - offset) < 0.000_001)
    }

    @Test func encodingRoundsToTheNearestMillisecond() {
        #expect(WireDate.string(from: Self.sixPM.addingTimeInterval(0.123_6)) == "2026-06-04T18:00:00.124Z")
        #expect(WireDate.string(from: Self.sixPM.addingTimeInterval(0.123_4)) == "2026-06-04T18:00:00.123Z")
        #expect(WireDate.string(from: Self.sixPM.addingTimeInterval(-0.000_2)) == "2026-06-04T18:00:00.000Z")
        #expect(WireDate.string(from: Self.sixPM.addingTimeInterval(59.999_7)) == "2026-06-04T18:01:00.000Z")
    }

    /// Every millisecond text reads and writes back unchanged, so values never drift by re-encoding.
    @Test(arguments: [0.0, 1_000_000_000, 1_780_596_000, 1_780_596_123, 4_102_444_800])
    func everyMillisecondTextRoundTripsExactly(base: Double) throws {
        var drifted: [String] = []
        for millisecond in 0..<1000 {
            let text = WireDate.string(from: Date(timeIntervalSince1970: base + Double(millisecond) / 1000))
            let parsed = try #require(WireDate.date(from: text))
            if WireDate.string(from: parsed) != text || WireDate.wireRounded(parsed) != parsed { drifted.append(text) }
        }
        #expect(drifted == [])
    }
}

/// Wire JSON coding and decoding errors that name the table and the column.
@Suite struct WireCodingTests {
    struct Session: Codable, Sendable, Equatable {
        var sessionId: UUID
        var startTime: Date
        var creditCost: Decimal
    }

    @Test func decodesSnakeCaseKeysOffsetsAndDecimals() throws {
        let json =
            #"{"session_id":"6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69","start_time":"2026-06-04T20:00:00+02:00","credit_cost":12.35}"#
        let session = try ResponseDecoder.decode(Session.self, from: Data(json.utf8), source: "bookable_sessions")
        #expect(
            session
                == Session(
                    sessionId: UUID(uuidString: "6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69")!,
                    startTime: WireDateTests.sixPM,
                    creditCost: Decimal(string: "12.35")!))
    }

    @Test func encodesSnakeCaseKeysAndUTCDates() throws {
        let value = try WireCoding.jsonValue(
            of: Session(sessionId: UUID(), startTime: WireDateTests.sixPM, creditCost: 2))
        #expect(value["start_time"] == "2026-06-04T18:00:00.000Z")
        #expect(value["credit_cost"] == 2)
        #expect(value["sessionId"] == nil)
    }

    struct DecodeFailure: Sendable, CustomStringConvertible {
        let description: String
        let json: String
        let column: String?
    }

    @Test(arguments: [
        DecodeFailure(
            description: "a missing column",
            json: #"{"session_id":"6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69","credit_cost":1}"#, column: "start_time"),
        DecodeFailure(
            description: "a NULL",
            json: #"{"session_id":"6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69","start_time":null,"credit_cost":1}"#,
            column: "start_time"),
        DecodeFailure(
            description: "a wrong type",
            json: #"{"session_id":"6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69","start_time":"2026-06-04","credit_cost":"x"}"#,
            column: "credit_cost"),
        DecodeFailure(
            description: "a bad date",
            json: #"{"session_id":"6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69","start_time":"soon","credit_cost":1}"#,
            column: "start_time"),
        DecodeFailure(
            description: "a bad uuid", json: #"{"session_id":"nope","start_time":"2026-06-04","credit_cost":1}"#,
            column: "session_id"),
        DecodeFailure(
            description: "a row in an array",
            json: #"[{"session_id":"6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69","start_time":"2026-06-04"}]"#,
            column: "credit_cost"),
        DecodeFailure(description: "not JSON", json: "<html>", column: nil),
    ])
    func decodingErrorsNameTheTableAndColumn(_ failure: DecodeFailure) {
        let error = #expect(throws: ResponseDecodingError.self) {
            if failure.json.hasPrefix("[") {
                _ = try ResponseDecoder.decode(
                    [Session].self, from: Data(failure.json.utf8), source: "bookable_sessions")
            } else {
                _ = try ResponseDecoder.decode(Session.self, from: Data(failure.json.utf8), source: "bookable_sessions")
            }
        }
        #expect(error?.table == "bookable_sessions")
        #expect(error?.column == failure.column)
    }

    @Test func theDecodingErrorDescriptionReadsWell() {
        #expect(
            ResponseDecodingError(table: "events", column: "date", reason: "bad").description
                == "Could not decode events.date: bad")
        #expect(
            ResponseDecodingError(table: "events", column: nil, reason: "bad").description
                == "Could not decode the response of events: bad")
    }

    @Test func executeReportsDecodingErrorsWithTheTargetName() async throws {
        let database = try InMemoryDatabase()
        try database.createTable(
            TableSchema(
                name: "events", columns: [Column("id", .integer), Column("title", .text, nullable: true)],
                access: .publicRead))
        try await database.client(as: .service).from("events").insert(["id": 1] as JSONValue).execute()
        struct Event: Decodable, Sendable {
            var id: Int
            var title: String
        }
        let error = await #expect(throws: ResponseDecodingError.self) {
            let _: [Event] = try await database.client().from("events").select().execute().value
        }
        #expect(error == ResponseDecodingError(table: "events", column: "title", reason: error?.reason ?? ""))
        #expect(error?.reason.contains("null") == true)
    }

    @Test func aSnakeCasedNameKeepsItsWords() {
        // The column named in errors is the wire name, even for multi-word properties.
        let error = ResponseDecoder.describe(
            .keyNotFound(CodingKeysForTest.spotsRemaining, .init(codingPath: [], debugDescription: "")), source: "s")
        #expect(error.column == "spots_remaining")
    }

    enum CodingKeysForTest: String, CodingKey { case spotsRemaining }
}
