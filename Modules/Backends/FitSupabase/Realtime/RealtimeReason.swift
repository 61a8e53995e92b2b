import FitCore

/// What a refusal's reason (`"Code: message"`, as Realtime's `realtime_channel.ex` builds it with `log_error`) means
/// for a follower: passing trouble to retry, or the typed error the stream ends with.
enum RealtimeReason {
    /// What to do about a refusal.
    enum Verdict {
        /// Passing trouble (a restart, a cold start, the database busy): retry with back-off.
        case transient
        /// Refused for good: end the stream with this error.
        case permanent(any Error & Sendable)
    }

    /// Where a refusal came from.
    enum Source {
        /// The join's reply: a code Realtime does not list as passing trouble is final.
        case join
        /// A `postgres_changes` error on a joined channel: the server subscribes again by itself in 5-10 s unless the
        /// parameters were bad (`realtime_channel.ex`, `:malformed_subscription_params`, `:subscription_insert_failed`).
        case subscription
    }

    /// The codes of passing trouble in `lib/realtime_web/channels/realtime_channel.ex` (the join's errors) and the
    /// messages of `postgres_changes` errors the server retries itself in 5-10 s (`postgres_subscribe(5, 10)`).
    static let transientCodes: Set<String> = [
        "RealtimeRestarting", "InitializingProjectConnection", "UnableToConnectToProject", "DatabaseLackOfConnections",
        "DatabaseConnectionRateLimitReached", "IncreaseConnectionPool", "TimeoutOnRpcCall", "ErrorOnRpcCall",
        "QueryCanceled", "UnknownErrorOnChannel", "MissingPartition", "UnableToSetPolicies",
    ]

    /// A join's refusal (`phx_reply` with status `error`, `{"reason": …}`) or a channel's `postgres_changes` error.
    static func verdict(_ reason: String, table: String, from source: Source) -> Verdict {
        let code = reason.split(separator: ":", maxSplits: 1).first.map(String.init) ?? reason
        if transientCodes.contains(code) { return .transient }
        if reason.hasPrefix("Unable to subscribe to changes with given parameters") {
            return .permanent(ChangeFeedError.notPublished(table: table, reason: reason))
        }
        if reason.hasPrefix("Error parsing `filter` params") || reason.hasPrefix("Error parsing `select` params") {
            return .permanent(RealtimeRefusal.invalidFilter(table: table, reason: reason))
        }
        switch code {
        case "PrivateOnly": return .permanent(RealtimeRefusal.privateChannelsOnly(reason: reason))
        case "InvalidJWTToken", "MalformedJWT", "JwtSignatureError", "Unauthorized", "JwtSignerError":
            return .permanent(RealtimeRefusal.unauthorized(reason: reason))
        case "ChannelRateLimitReached", "ClientJoinRateLimitReached", "ConnectionRateLimitReached":
            return .permanent(RealtimeRefusal.rateLimited(reason: reason))
        case "RealtimeDisabledForTenant", "TenantNotFound":
            return .permanent(RealtimeRefusal.unavailable(reason: reason))
        default:
            // A postgres_changes error other than bad parameters ("Too many database timeouts", an exception's
            // text) is retried by the server itself.
            return source == .subscription ? .transient : .permanent(RealtimeRefusal.refused(reason: reason))
        }
    }
}
