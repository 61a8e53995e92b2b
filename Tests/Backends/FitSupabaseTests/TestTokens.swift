import FitCore
import Foundation
import PostgRESTTestServer

/// Unsigned access tokens shaped like Supabase's (the client decodes claims and never verifies them).
enum TestTokens {
    static let anonKey = "anon-key-for-tests"
    static let projectURL = URL(string: "https://fitkit-test.supabase.co")!

    /// A JWT with `role`, `sub` and `exp` claims.
    static func token(role: String, subject: UUID? = nil, expiresAt: Date = Date(timeIntervalSince1970: 4_102_444_800))
        -> String
    {
        var claims: [String: JSONValue] = [
            "role": .string(role), "exp": .number(Decimal(Int(expiresAt.timeIntervalSince1970))),
            "aud": "authenticated",
        ]
        if let subject { claims["sub"] = .string(subject.uuidString.lowercased()) }
        return UnsignedToken.make(claims)
    }

    /// A member's token.
    static func member(_ id: UUID, expiresAt: Date = Date(timeIntervalSince1970: 4_102_444_800)) -> String {
        token(role: "authenticated", subject: id, expiresAt: expiresAt)
    }

    /// The service role's key (a JWT with `role: service_role`).
    static let service = token(role: "service_role")

}
