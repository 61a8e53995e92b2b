import FitCore
import Foundation

/// A successful ``RawResponse`` as PostgREST answers it (its `Response.hs` and `RangeQuery.hs`): the status
/// (200, 206 or 416 for reads, 201 for inserts, 200 or 204 for updates and deletes), `Content-Range`, the
/// content type of the negotiated media type, and `Content-Profile` when the request named a profile.
enum ResponseEncoder {
    static func answer(_ query: DatabaseQuery, _ response: RawResponse, to request: RecordedRequest) -> HTTPAnswer {
        var headers: [String: String] = [:]
        if let profile = request.headers["accept-profile"] ?? request.headers["content-profile"] {
            headers["Content-Profile"] = profile
        }
        let contentType =
            query.format == .csv
            ? "text/csv; charset=utf-8" : query.cardinality == .many ? HTTPAnswer.jsonType : HTTPAnswer.objectType
        let representation = query.returning == .representation
        let returned = rowCount(of: response, for: query)
        switch query.operation {
        case .select, .rpc:
            let lower = query.offset ?? 0
            headers["Content-Range"] = contentRange(lower, lower + (returned ?? 0) - 1, response.count)
            if let total = response.count, lower > total {
                var answer = ErrorEncoder.answer(
                    DatabaseError(
                        code: "PGRST103", message: "Requested range not satisfiable",
                        details: "An offset of \(lower) was requested, but there are only \(total) rows."),
                    authenticated: true)
                answer.headers.merge(headers) { old, _ in old }
                return answer
            }
            headers["Content-Type"] = contentType
            let partial = response.count.map { (returned ?? 0) < $0 } ?? false
            return HTTPAnswer(status: partial ? 206 : 200, headers: headers, body: query.head ? Data() : response.data)
        case .insert, .upsert:
            headers["Content-Range"] = contentRange(1, 0, response.count)
            return written(201, representation, contentType, headers, response)
        case .update:
            headers["Content-Range"] = returned.map { contentRange(0, $0 - 1, response.count) } ?? "*/*"
            return written(representation ? 200 : 204, representation, contentType, headers, response)
        case .delete:
            headers["Content-Range"] = contentRange(1, 0, response.count)
            return written(representation ? 200 : 204, representation, contentType, headers, response)
        }
    }

    private static func written(
        _ status: Int, _ representation: Bool, _ contentType: String, _ headers: [String: String],
        _ response: RawResponse
    ) -> HTTPAnswer {
        guard representation else { return HTTPAnswer(status: status, headers: headers, body: Data()) }
        return HTTPAnswer(
            status: status, headers: headers.merging(["Content-Type": contentType]) { $1 }, body: response.data)
    }

    /// PostgREST's `Content-Range` value: `lower-upper/total`, with `*` for an empty range or an unknown total.
    static func contentRange(_ lower: Int, _ upper: Int, _ total: Int?) -> String {
        let range = total != 0 && lower <= upper ? "\(lower)-\(upper)" : "*"
        return range + "/" + (total.map(String.init) ?? "*")
    }

    /// How many rows the response holds: the elements of an array, one for an object (a single row or a
    /// function's result); for `HEAD` (no body) the page the count allows; `nil` when nothing tells.
    private static func rowCount(of response: RawResponse, for query: DatabaseQuery) -> Int? {
        if query.head || (response.data.isEmpty && query.operation != .rpc) {
            guard let total = response.count else { return nil }
            guard query.head else { return total }
            return max(0, min(query.limit ?? Int.max, total - (query.offset ?? 0)))
        }
        guard let array = try? JSONSerialization.jsonObject(with: response.data, options: .fragmentsAllowed) as? [Any]
        else { return 1 }
        return array.count
    }
}
