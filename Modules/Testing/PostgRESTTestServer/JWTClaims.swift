import FitCore
import Foundation

/// The claims of a Supabase access token that decide who a request acts as, read without verifying the
/// signature: tests mint unsigned tokens (`base64url(header).base64url(payload).`).
struct JWTClaims: Sendable, Hashable {
    /// `role`: `anon`, `authenticated` or `service_role`.
    var role: String?
    /// `sub`: the member's id for `authenticated`.
    var subject: String?
    /// `exp`, in seconds since 1970.
    var expiration: Decimal?

    /// Decodes `token`'s payload, or throws PostgREST's `PGRST301` / `PGRST303`.
    init(token: String) throws(DatabaseError) {
        guard !token.isEmpty else { throw Self.invalid("Empty JWT is sent in Authorization header") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw Self.invalid("Expected 3 parts in JWT; got \(parts.count)") }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            case .object(let claims)? = try? JSONValue(json: data)
        else { throw Self.invalid("JWT couldn't be decoded") }
        role = claims["role"]?.stringValue
        subject = claims["sub"]?.stringValue
        switch claims["exp"] {
        case nil, .null?: expiration = nil
        case .number(let seconds)?: expiration = seconds
        default: throw DatabaseError(code: "PGRST303", message: "The JWT 'exp' claim must be a number")
        }
    }

    /// The role the claims give at `now`: `anon` (or no role) is anonymous, `authenticated` with a UUID `sub` a
    /// member, `service_role` the service role. An `exp` at or before `now` is `PGRST303` "JWT expired" (no leeway).
    func databaseRole(at now: Date) throws(DatabaseError) -> DatabaseRole {
        if let expiration, Decimal(now.timeIntervalSince1970) >= expiration {
            throw DatabaseError(code: "PGRST303", message: "JWT expired")
        }
        switch role {
        case nil, "anon": return .anonymous
        case "service_role": return .service
        case "authenticated":
            guard let id = subject.flatMap(UUID.init(uuidString:)) else {
                throw Self.invalid("The JWT 'sub' claim must be a member's UUID for the authenticated role")
            }
            return .member(id)
        case let other?:
            throw DatabaseError(code: "22023", message: "role \"\(other)\" does not exist")
        }
    }

    private static func invalid(_ message: String) -> DatabaseError {
        DatabaseError(code: "PGRST301", message: message)
    }
}

/// Who a request acts as, decided as Supabase does: its gateway wants an `apikey` (header or `apikey` query
/// parameter) equal to the anon key or holding a token, then PostgREST reads `Authorization: Bearer <token>`
/// (the `apikey` when there is none): the anon key itself is the anonymous role, any other token is decoded.
struct Authenticator: Sendable {
    let anonKey: String
    let now: @Sendable () -> Date

    /// The role, or the 401 answer to send instead.
    func role(for request: RecordedRequest) throws(HTTPAnswer) -> DatabaseRole {
        guard let apiKey = request.headers["apikey"] ?? Self.apiKeyParameter(in: request.target), !apiKey.isEmpty
        else {
            throw .json(
                401,
                [
                    "message": "No API key found in request",
                    "hint": "No `apikey` request header or url param was found.",
                ])
        }
        guard apiKey == anonKey || (try? JWTClaims(token: apiKey)) != nil else {
            throw .json(
                401,
                ["message": "Invalid API key", "hint": "Double check your Supabase `anon` or `service_role` API key."])
        }
        let token = Self.bearerToken(request.headers["authorization"]) ?? apiKey
        if token == anonKey { return .anonymous }
        do {
            return try JWTClaims(token: token).databaseRole(at: now())
        } catch {
            throw ErrorEncoder.answer(error, authenticated: false)
        }
    }

    private static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else { return nil }
        return authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
    }

    private static func apiKeyParameter(in target: String) -> String? {
        guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("apikey=") {
            return String(pair.dropFirst("apikey=".count)).removingPercentEncoding
        }
        return nil
    }
}
