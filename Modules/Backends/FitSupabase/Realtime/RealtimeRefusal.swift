import Foundation

/// Why Supabase Realtime will not follow a table for this client: the error a ``SupabaseDatabase/changes(to:where:)``
/// stream ends with when the server refuses for a reason that asking again will not change, or refuses for over a
/// minute (``unavailable(reason:)``). Each case keeps the server's own words (`reason`), such as
/// `"ChannelRateLimitReached: Too many channels"`.
///
/// A table outside the `supabase_realtime` publication ends the stream with
/// ``/FitCore/ChangeFeedError/notPublished(table:reason:)`` instead, as on every backend.
public enum RealtimeRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The filter does not read as Realtime parses filters (`Error parsing `filter` params: …`).
    case invalidFilter(table: String, reason: String)
    /// The project allows private channels only (`PrivateOnly`): set ``RealtimeConfiguration/privateChannels``.
    case privateChannelsOnly(reason: String)
    /// The token was refused (`InvalidJWTToken`, `MalformedJWT`, `JwtSignatureError`, `Unauthorized`), or the socket's
    /// upgrade was answered 401 or 403 (a wrong or rotated anon key, a paused project).
    case unauthorized(reason: String)
    /// A limit of the project's (`ChannelRateLimitReached`, `ClientJoinRateLimitReached`,
    /// `ConnectionRateLimitReached`, an upgrade answered 429).
    case rateLimited(reason: String)
    /// Realtime is off for the project (`RealtimeDisabledForTenant`, `TenantNotFound`), or kept answering with a
    /// passing trouble (a restart, a cold start, database timeouts) for longer than ``transientRetryBudget``.
    case unavailable(reason: String)
    /// Any other refusal Realtime gives.
    case refused(reason: String)

    /// How long passing trouble is retried (the back-off's waits added up) before a follower is told
    /// ``unavailable(reason:)``: about a minute, as supabase-swift's Realtime client retries a subscription.
    public static let transientRetryBudget: Duration = .seconds(60)

    /// The server's words.
    public var reason: String {
        switch self {
        case .invalidFilter(_, let reason), .privateChannelsOnly(let reason), .unauthorized(let reason),
            .rateLimited(let reason), .unavailable(let reason), .refused(let reason):
            reason
        }
    }

    /// "Supabase Realtime refused …: <reason>".
    public var description: String {
        switch self {
        case .invalidFilter(let table, let reason): "Supabase Realtime cannot read the filter on \(table): \(reason)"
        case .privateChannelsOnly(let reason): "Supabase Realtime allows private channels only: \(reason)"
        case .unauthorized(let reason): "Supabase Realtime refused the credentials: \(reason)"
        case .rateLimited(let reason): "Supabase Realtime's limit was reached: \(reason)"
        case .unavailable(let reason): "Supabase Realtime is unavailable: \(reason)"
        case .refused(let reason): "Supabase Realtime refused the subscription: \(reason)"
        }
    }
}
