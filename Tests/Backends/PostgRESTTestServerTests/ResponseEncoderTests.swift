import FitCore
import Foundation
import Testing

@testable import PostgRESTTestServer

/// One row of the response table: a query, what the database returned, and PostgREST's status and range.
struct EncodingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let query: DatabaseQuery
    let response: RawResponse
    let status: Int
    let contentRange: String
    let contentType: String?

    var testDescription: String { name }
}

private func query(
    _ operation: DatabaseQuery.Operation, _ change: (inout DatabaseQuery) -> Void = { _ in }
) -> DatabaseQuery {
    var query = DatabaseQuery(target: "events", operation: operation)
    change(&query)
    return query
}

private let rows = Data(#"[{"a":1},{"a":2},{"a":3}]"#.utf8)
private let json = "application/json; charset=utf-8"

private let encodingCases: [EncodingCase] = [
    EncodingCase(
        name: "a read", query: query(.select), response: RawResponse(data: rows), status: 200,
        contentRange: "0-2/*", contentType: json),
    EncodingCase(
        name: "a page of a counted read",
        query: query(.select) {
            $0.offset = 10
            $0.count = .exact
        },
        response: RawResponse(data: rows, count: 3573), status: 206, contentRange: "10-12/3573", contentType: json),
    EncodingCase(
        name: "a whole counted read", query: query(.select) { $0.count = .exact },
        response: RawResponse(data: rows, count: 3), status: 200, contentRange: "0-2/3", contentType: json),
    EncodingCase(
        name: "an empty counted read", query: query(.select) { $0.count = .exact },
        response: RawResponse(data: Data("[]".utf8), count: 0), status: 200, contentRange: "*/0", contentType: json),
    EncodingCase(
        name: "an empty read", query: query(.select), response: RawResponse(data: Data("[]".utf8)),
        status: 200, contentRange: "*/*", contentType: json),
    EncodingCase(
        name: "an offset past the end",
        query: query(.select) {
            $0.offset = 20
            $0.count = .exact
        },
        response: RawResponse(data: Data("[]".utf8), count: 10), status: 416, contentRange: "*/10",
        contentType: json),
    EncodingCase(
        name: "a counted HEAD",
        query: query(.select) {
            $0.head = true
            $0.limit = 5
            $0.count = .exact
        },
        response: RawResponse(data: Data(), count: 10), status: 206, contentRange: "0-4/10", contentType: json),
    EncodingCase(
        name: "a single row", query: query(.select) { $0.cardinality = .single },
        response: RawResponse(data: Data(#"{"a":1}"#.utf8)), status: 200, contentRange: "0-0/*",
        contentType: "application/vnd.pgrst.object+json; charset=utf-8"),
    EncodingCase(
        name: "a function", query: query(.rpc), response: RawResponse(data: Data(#"{"balance":3}"#.utf8)),
        status: 200, contentRange: "0-0/*", contentType: json),
    EncodingCase(
        name: "a minimal insert", query: query(.insert), response: RawResponse(data: Data()), status: 201,
        contentRange: "*/*", contentType: nil),
    EncodingCase(
        name: "a counted insert returning rows",
        query: query(.upsert(onConflict: nil, ignoreDuplicates: false)) {
            $0.returning = .representation
            $0.count = .exact
        }, response: RawResponse(data: rows, count: 3), status: 201, contentRange: "*/3", contentType: json),
    EncodingCase(
        name: "a counted minimal update", query: query(.update) { $0.count = .exact },
        response: RawResponse(data: Data(), count: 3), status: 204, contentRange: "0-2/3", contentType: nil),
    EncodingCase(
        name: "an update returning rows", query: query(.update) { $0.returning = .representation },
        response: RawResponse(data: rows), status: 200, contentRange: "0-2/*", contentType: json),
    EncodingCase(
        name: "a minimal delete", query: query(.delete), response: RawResponse(data: Data()), status: 204,
        contentRange: "*/*", contentType: nil),
    EncodingCase(
        name: "a counted delete returning rows",
        query: query(.delete) {
            $0.returning = .representation
            $0.count = .exact
        },
        response: RawResponse(data: rows, count: 3), status: 200, contentRange: "*/3", contentType: json),
]

@Suite struct ResponseEncoderTests {
    @Test(arguments: encodingCases)
    func answersWithPostgRESTsStatusAndRange(_ testCase: EncodingCase) throws {
        let request = TestRequests.make("GET", "events")
        let answer = ResponseEncoder.answer(testCase.query, testCase.response, to: request)
        #expect(answer.status == testCase.status)
        #expect(answer.headers["Content-Range"] == testCase.contentRange)
        #expect(answer.headers["Content-Type"] == testCase.contentType)
        if testCase.status == 416 {
            #expect(!answer.body.isEmpty)
        } else if testCase.contentType != nil, !testCase.query.head {
            #expect(answer.body == testCase.response.data)
        } else {
            #expect(answer.body.isEmpty)
        }
    }

    @Test func anOffsetPastTheEndIsPGRST103() throws {
        let answer = ResponseEncoder.answer(
            query(.select) {
                $0.offset = 20
                $0.count = .exact
            }, RawResponse(data: Data("[]".utf8), count: 10), to: TestRequests.make("GET", "events"))
        let body = try JSONDecoder().decode(JSONValue.self, from: answer.body)
        #expect(
            body == [
                "code": "PGRST103", "message": "Requested range not satisfiable",
                "details": "An offset of 20 was requested, but there are only 10 rows.", "hint": nil,
            ])
    }

    @Test func echoesANegotiatedProfile() {
        let request = TestRequests.make("GET", "events", ["Accept-Profile": "public"])
        let answer = ResponseEncoder.answer(query(.select), RawResponse(data: rows), to: request)
        #expect(answer.headers["Content-Profile"] == "public")
    }

    @Test(arguments: [
        ("23505", true, 409), ("23503", true, 409), ("42501", false, 401), ("42501", true, 403),
        ("PGRST116", true, 406), ("PGRST205", true, 404), ("PGRST202", true, 404), ("PGRST100", true, 400),
        ("PGRST106", true, 406), ("PGRST301", false, 401), ("PGRST303", false, 401), ("23514", true, 400),
        ("22P02", true, 400), ("23502", true, 400), ("FB003", true, 400), ("P0001", true, 400), ("PT402", true, 402),
        ("08006", true, 503), ("40001", true, 500), ("42P01", true, 404), ("42703", true, 400), ("55000", true, 500),
        ("57014", true, 500), ("XX000", true, 500),
    ])
    func mapsErrorCodesToPostgRESTsStatus(code: String, authenticated: Bool, status: Int) throws {
        let error = DatabaseError(code: code, message: "m", details: "d")
        let answer = ErrorEncoder.answer(error, authenticated: authenticated)
        #expect(answer.status == status)
        let body = try JSONDecoder().decode(JSONValue.self, from: answer.body)
        #expect(body == ["code": .string(code), "message": "m", "details": "d", "hint": nil])
    }
}
