import FitCore
import Foundation

/// The claims FitSupabase reads from a Supabase access token (a JWT): who it says the caller is. The token is
/// decoded, not verified: the server verifies it, and the client only needs to know which role its requests
/// run as.
public struct AccessTokenClaims: Sendable, Hashable {
    /// `sub`: the user's id (the member id in FitKit's contract).
    public var subject: String?
    /// `role`: `authenticated`, `anon` or `service_role`.
    public var role: String?
    /// `exp`: when the token expires.
    public var expiresAt: Date?

    /// Creates claims directly (tests; a token's are read by ``init(token:)``).
    ///
    /// - Parameters:
    ///   - subject: The `sub` claim: the user's id.
    ///   - role: The `role` claim.
    ///   - expiresAt: The `exp` claim.
    public init(subject: String?, role: String?, expiresAt: Date?) {
        self.subject = subject
        self.role = role
        self.expiresAt = expiresAt
    }

    /// The claims of `token`, or `nil` when it is not a JWT whose payload is a JSON object.
    ///
    /// - Parameter token: A JWT, `header.payload.signature`, base64url-encoded.
    public init?(token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Self.base64URLDecoded(parts[1]),
            let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any]
        else { return nil }
        subject = object["sub"] as? String
        role = object["role"] as? String
        expiresAt = (object["exp"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
    }

    /// The FitKit role the token proves: a member for `authenticated` with a UUID `sub`, the service role for
    /// `service_role`, anonymous for `anon`; `nil` for anything else.
    public var databaseRole: DatabaseRole? {
        switch role {
        case "authenticated": subject.flatMap(UUID.init(uuidString:)).map(DatabaseRole.member)
        case "service_role": .service
        case "anon": .anonymous
        default: nil
        }
    }

    private static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
