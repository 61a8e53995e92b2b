import FitCore
import Foundation

/// Unsigned access tokens shaped like Supabase's JWTs (`base64url(header).base64url(claims).signature`), for
/// tests of clients and of this server: neither checks signatures, both read the claims. Keys are sorted, so the
/// same claims always give the same token.
public enum UnsignedToken {
    /// A token carrying `claims`.
    ///
    /// - Parameters:
    ///   - claims: The token's claims.
    ///   - signature: The token's third part, which nothing checks.
    /// - Returns: The token text.
    public static func make(_ claims: [String: JSONValue], signature: String = "signature") -> String {
        base64URL(JSONWriter.data(["alg": "HS256", "typ": "JWT"])) + "." + base64URL(JSONWriter.data(.object(claims)))
            + "." + signature
    }

    /// A signed-in member's token (`role: authenticated`, `sub`), expiring at `expiresAt`.
    ///
    /// - Parameters:
    ///   - id: The member's id, the token's `sub`.
    ///   - expiresAt: The token's `exp`.
    /// - Returns: The token text.
    public static func member(_ id: UUID, expiresAt: Date) -> String {
        make([
            "role": "authenticated", "sub": .string(id.uuidString.lowercased()),
            "exp": .number(Decimal(Int(expiresAt.timeIntervalSince1970))),
        ])
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
