import FitCore
import Foundation
import PostgRESTTestServer

/// Requests and tokens for the tables of cases.
enum TestRequests {
    static let anonKey = "anon-key"

    /// A request under `/rest/v1`, e.g. `make("GET", "events?select=id")`.
    static func make(_ method: String, _ path: String, _ headers: [String: String] = [:], body: String = "")
        -> RecordedRequest
    {
        RecordedRequest(method: method, target: "/rest/v1/" + path, headers: headers, body: Data(body.utf8))
    }

    /// An unsigned token (`base64url(header).base64url(payload).signature`), as the tests of a client mint them.
    static func token(_ claims: [String: JSONValue], signature: String = "") -> String {
        UnsignedToken.make(claims, signature: signature)
    }

    /// A member's token expiring an hour after `now`.
    static func memberToken(_ id: UUID, now: Date) -> String {
        token([
            "role": "authenticated", "sub": .string(id.uuidString.lowercased()),
            "exp": .number(Decimal(now.timeIntervalSince1970 + 3600)),
        ])
    }
}
