import FitCore
import Foundation

/// Turns PostgREST's answer into FitCore's `RawResponse` (rows stay JSON: decoding is FitCore's, once) or into
/// a typed error:
///
/// - 2xx: the body (checked to be JSON) and the count from `Content-Range` (`0-24/3573` → 3573, `*/0` → 0,
///   `…/*` → none). A `maybeSingle()` read gets the array and keeps one object, `null` for none, or
///   `PGRST116` for more than one; a `maybeSingle()` write's 406 for 0 rows reads as `null`.
/// - 401 with a JWT error code (`PGRST301`, `PGRST302`, `PGRST303`): ``SupabaseError/notAuthenticated(_:)``.
///   (A 401 with `42501` is row-level security refusing an anonymous caller: a `DatabaseError`, as on every
///   backend.)
/// - any other status with PostgREST's error body (`code`, `message`, `details`, `hint`): that `DatabaseError`,
///   with `httpStatus` set.
/// - anything that is not PostgREST's JSON (a proxy's HTML page, an empty 502, garbage):
///   ``/FitCore/ConnectionError`` `.invalidResponse`.
enum PostgRESTResponseDecoder {
    static func decode(_ response: PostgRESTResponse, for query: DatabaseQuery) throws -> RawResponse {
        guard (200..<300).contains(response.status) else { throw failure(response, for: query) }
        let count = contentRangeTotal(response.header("Content-Range"))
        if query.head || response.body.isEmpty { return RawResponse(data: Data(), count: count) }
        // CSV is the body as the server wrote it.
        if query.format == .csv { return RawResponse(data: response.body, count: count) }
        let value = try json(response)
        if query.cardinality == .maybeSingle, query.operation == .select {
            guard case .array(let rows) = value else { return RawResponse(data: response.body, count: count) }
            switch rows.count {
            case 0: return RawResponse(data: Data("null".utf8), count: count)
            case 1: return RawResponse(data: JSONWriter.data(rows[0]), count: count)
            default:
                var error = DatabaseError.singleRow(found: rows.count)
                error.httpStatus = 406
                throw error
            }
        }
        return RawResponse(data: response.body, count: count)
    }

    /// The error for a non-2xx answer. The body is checked to be JSON as a whole first: decoding `ErrorBody` alone
    /// skips the values of other keys without checking them (Foundation accepts a raw newline inside such a string),
    /// so a damaged body would pass for PostgREST's error.
    private static func failure(_ response: PostgRESTResponse, for query: DatabaseQuery) -> any Error {
        guard (try? JSONValue(json: response.body)) != nil,
            let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body), let code = body.code
        else {
            let type = response.header("Content-Type") ?? "no content type"
            return ConnectionError(.invalidResponse, reason: "HTTP \(response.status), \(type)")
        }
        let error = DatabaseError(
            code: code, message: body.message ?? "", details: body.details, hint: body.hint, httpStatus: response.status
        )
        if response.status == 401, code.hasPrefix("PGRST3") { return SupabaseError.notAuthenticated(error) }
        return error
    }

    /// `maybeSingle()` on a write: PostgREST's 406 for 0 rows means "none", which is `null`.
    static func isNoRowForMaybeSingle(_ error: any Error, _ query: DatabaseQuery) -> Bool {
        guard query.cardinality == .maybeSingle, query.operation != .select, let error = error as? DatabaseError else {
            return false
        }
        return error.code == "PGRST116" && (error.details ?? "").contains(" 0 rows")
    }

    private static func json(_ response: PostgRESTResponse) throws -> JSONValue {
        let type = response.header("Content-Type") ?? ""
        guard type.isEmpty || type.contains("json"),
            let value = try? JSONValue(json: response.body)
        else {
            throw ConnectionError(
                .invalidResponse,
                reason: "HTTP \(response.status), \(type.isEmpty ? "no content type" : type), not JSON")
        }
        return value
    }

    /// The total after the slash of `Content-Range`, when the server counted.
    static func contentRangeTotal(_ header: String?) -> Int? {
        guard let header, let slash = header.lastIndex(of: "/") else { return nil }
        return Int(header[header.index(after: slash)...].trimmingCharacters(in: .whitespaces))
    }

    /// PostgREST's error body.
    private struct ErrorBody: Decodable {
        var code: String?
        var message: String?
        var details: String?
        var hint: String?
    }
}
