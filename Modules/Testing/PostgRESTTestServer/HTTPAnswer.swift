import FitCore
import Foundation

/// One HTTP response the server sends: status, header fields and body. `Content-Length` and `Connection` are
/// added when it is written. It is also the error the authenticator throws: the answer to send instead.
struct HTTPAnswer: Error, Sendable, Hashable {
    var status: Int
    var headers: [String: String]
    var body: Data

    /// PostgREST's JSON content type.
    static let jsonType = "application/json; charset=utf-8"
    /// PostgREST's content type for a singular (`application/vnd.pgrst.object+json`) response.
    static let objectType = "application/vnd.pgrst.object+json; charset=utf-8"

    /// A JSON error body with the given status, as Supabase's gateway or PostgREST sends it.
    static func json(_ status: Int, _ body: JSONValue, headers: [String: String] = [:]) -> HTTPAnswer {
        HTTPAnswer(
            status: status, headers: headers.merging(["Content-Type": jsonType]) { $1 }, body: JSONWriter.data(body))
    }
}
