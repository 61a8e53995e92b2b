import FitCore
import Foundation
import FuzzSupport

@testable import FitSupabase

/// JWT-claims parsing on any token text. A token it reads has three parts, and only the payload counts (the claims
/// are decoded, not verified): the same payload under another header and signature reads the same. The claims it
/// reads, written into a fresh token, read back equal; and the role a token proves follows its claims.
@_cdecl("LLVMFuzzerTestOneInput")
public func jwtClaimsFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let token = FuzzInput(data, size).text
    let claims = AccessTokenClaims(token: token)
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count == 3 {
        let resigned = AccessTokenClaims(token: "eyJhbGciOiJIUzI1NiJ9.\(parts[1]).c2lnbmF0dXJl")
        fuzzCheck(
            resigned == claims,
            "\(token.debugDescription) reads \(claims.debugDescription), resigned \(resigned.debugDescription)")
    }
    guard let claims else { return 0 }
    fuzzCheck(parts.count == 3, "\(token.debugDescription) has \(parts.count) parts yet reads as \(claims)")

    var payload: [String: Any] = [:]
    payload["sub"] = claims.subject
    payload["role"] = claims.role
    payload["exp"] = claims.expiresAt?.timeIntervalSince1970
    let json = try! JSONSerialization.data(withJSONObject: payload)
    let encoded = json.base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    let written = "eyJhbGciOiJIUzI1NiJ9.\(encoded).c2lnbmF0dXJl"
    // The expiry is compared to a microsecond: `timeIntervalSince1970` goes through Foundation's reference date, so a
    // fractional `exp` (-780000000.6) can come back an ulp away (-780000000.5999999), a different `Date`.
    let readBack = AccessTokenClaims(token: written)
    fuzzCheck(
        readBack?.subject == claims.subject && readBack?.role == claims.role
            && sameInstant(readBack?.expiresAt, claims.expiresAt),
        "\(claims) written as \(written) reads back as \(readBack.debugDescription)")

    switch claims.databaseRole {
    case .member(let id)?:
        fuzzCheck(claims.role == "authenticated" && claims.subject.flatMap(UUID.init) == id, "member \(id): \(claims)")
    case .service?: fuzzCheck(claims.role == "service_role", "service role for \(claims)")
    case .anonymous?: fuzzCheck(claims.role == "anon", "anonymous for \(claims)")
    case nil:
        fuzzCheck(
            !["service_role", "anon"].contains(claims.role ?? "")
                && (claims.role != "authenticated" || claims.subject.flatMap(UUID.init) == nil),
            "no role for \(claims)")
    }
    return 0
}

/// Whether two expiries are both absent or within a microsecond of each other.
private func sameInstant(_ first: Date?, _ second: Date?) -> Bool {
    switch (first, second) {
    case (nil, nil): true
    case (let first?, let second?): abs(first.timeIntervalSince(second)) < 1e-6
    default: false
    }
}
