import Foundation

/// Unsigned access tokens shaped like Supabase's (the client decodes claims and never verifies them).
enum TestTokens {
    static let anonKey = "anon-key-for-tests"
    static let projectURL = URL(string: "https://fitkit-test.supabase.co")!

    /// A JWT with `role`, `sub` and `exp` claims.
    static func token(role: String, subject: UUID? = nil, expiresAt: Date = Date(timeIntervalSince1970: 4_102_444_800))
        -> String
    {
        var claims: [String: Any] = ["role": role, "exp": Int(expiresAt.timeIntervalSince1970), "aud": "authenticated"]
        if let subject { claims["sub"] = subject.uuidString.lowercased() }
        let header = base64URL(
            try! JSONSerialization.data(withJSONObject: ["alg": "HS256", "typ": "JWT"], options: .sortedKeys))
        let payload = base64URL(try! JSONSerialization.data(withJSONObject: claims, options: .sortedKeys))
        return "\(header).\(payload).signature"
    }

    /// A member's token.
    static func member(_ id: UUID, expiresAt: Date = Date(timeIntervalSince1970: 4_102_444_800)) -> String {
        token(role: "authenticated", subject: id, expiresAt: expiresAt)
    }

    /// The service role's key (a JWT with `role: service_role`).
    static let service = token(role: "service_role")

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
