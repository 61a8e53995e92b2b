import FitCore
import Foundation

/// FitKit's backend for a Supabase project: every `DatabaseQuery` goes to the project's PostgREST API over HTTPS,
/// as an iOS app reaches it, with the project's anon key and the signed-in member's access token.
///
/// ```swift
/// let database = SupabaseDatabase(
///     url: URL(string: "https://abcd.supabase.co")!, anonKey: anonKey,
///     accessToken: { try await supabase.auth.session.accessToken })
/// let store = SessionDetailsStore(sessionId: id, queries: SessionDetailsQueries(client: database))
/// ```
///
/// **Who requests run as.** Only the access token can prove who the caller is, so ``role`` is what the token's
/// claims say (`sub`, `role`; decoded, not verified: the server verifies). ``acting(as:)`` can narrow, never
/// widen: `.anonymous` is always possible (requests carry the anon key only), and the role the token proves
/// is the same client; any other role (another member, or the service role with a member's token) gives a
/// client whose every request throws ``SupabaseError/cannotActAs(requested:proven:)`` before anything is sent.
///
/// **Errors.** The database's refusals are `DatabaseError`s with PostgREST's codes and the HTTP status kept, so
/// a business rule's code from a SQL function becomes the same typed error as on every backend; a refused token is
/// ``SupabaseError/notAuthenticated(_:)``; no network, a DNS failure, a timeout or a response that is not
/// PostgREST's (a proxy's HTML page) is a ``/FitCore/ConnectionError``; cancelling the calling task throws
/// `CancellationError`.
///
/// **Retries.** None. A write may have reached the server even when its answer was lost, and a read retried
/// behind the caller's back would hide an outage from the screen; the stores' refresh is the retry.
public struct SupabaseDatabase: DatabaseClient, SchemaAwareChangeFeed {
    private let encoder: PostgRESTRequestEncoder
    /// The schema requests and Realtime channels name: the one given, else `public`.
    let schemaName: String
    private let transport: any PostgRESTTransport
    private let accessToken: @Sendable () async throws -> String?
    /// The role the last token seen proves; shared by every copy made with ``acting(as:)``.
    private let provenRole: LockedState<DatabaseRole>
    /// The role asked for with ``acting(as:)``; `nil` means "whatever the token proves".
    private let requestedRole: DatabaseRole?
    /// The Realtime socket every copy made with ``acting(as:)`` shares; `nil` without a transport.
    let realtimeSocket: RealtimeSocket?
    /// How views follow and which tables' keys are not `id`.
    let realtime: RealtimeConfiguration

    /// A client that asks `accessToken` for the member's current token before every request, so ``role`` follows
    /// sign-in, sign-out and token refresh (it is `.anonymous` until the first request or ``refreshRole()``).
    ///
    /// - Parameters:
    ///   - url: the project URL (`https://<ref>.supabase.co`).
    ///   - anonKey: the project's anon (publishable) key, sent as `apikey` on every request.
    ///   - schema: the schema to use, when not the API's default.
    ///   - transport: how requests are sent; `URLSession` by default.
    ///   - realtime: how ``changes(to:where:)`` follows changes (Supabase Realtime's WebSocket transport, clock,
    ///     view feeds); ``RealtimeConfiguration/platformDefault`` by default, which has no transport on Linux.
    ///   - accessToken: the signed-in member's access token, asked for before every request (so a refreshed
    ///     token is used at once); `nil` when signed out. Hand it supabase-swift's session token or any other.
    public init(
        url: URL, anonKey: String, schema: String? = nil,
        transport: any PostgRESTTransport = URLSessionPostgRESTTransport(),
        realtime: RealtimeConfiguration = .platformDefault,
        accessToken: @escaping @Sendable () async throws -> String?
    ) {
        self.init(
            encoder: PostgRESTRequestEncoder(projectURL: url, anonKey: anonKey, schema: schema), transport: transport,
            schemaName: schema ?? "public",
            accessToken: accessToken, provenRole: LockedState(.anonymous), requestedRole: nil,
            realtimeSocket: Self.socket(url: url, anonKey: anonKey, realtime: realtime, accessToken: accessToken),
            realtime: realtime)
    }

    /// A client with a fixed access token (a script, the demo, a test): its ``role`` is known at once.
    ///
    /// - Parameters:
    ///   - url: The project URL (`https://<ref>.supabase.co`).
    ///   - anonKey: The project's anon (publishable) key, sent as `apikey` on every request.
    ///   - accessToken: The member's access token (a JWT), sent on every request; `nil` for anonymous requests. Its
    ///     claims give ``role`` at once.
    ///   - schema: The schema to use, when not the API's default.
    ///   - transport: How requests are sent; `URLSession` by default.
    ///   - realtime: How ``changes(to:where:)`` follows changes; ``RealtimeConfiguration/platformDefault`` by
    ///     default, which has no transport on Linux.
    public init(
        url: URL, anonKey: String, accessToken: String?, schema: String? = nil,
        transport: any PostgRESTTransport = URLSessionPostgRESTTransport(),
        realtime: RealtimeConfiguration = .platformDefault
    ) {
        let role = accessToken.flatMap(AccessTokenClaims.init(token:))?.databaseRole ?? .anonymous
        let token: @Sendable () async throws -> String? = { accessToken }
        self.init(
            encoder: PostgRESTRequestEncoder(projectURL: url, anonKey: anonKey, schema: schema), transport: transport,
            schemaName: schema ?? "public",
            accessToken: token, provenRole: LockedState(role), requestedRole: nil,
            realtimeSocket: Self.socket(url: url, anonKey: anonKey, realtime: realtime, accessToken: token),
            realtime: realtime)
    }

    private init(
        encoder: PostgRESTRequestEncoder, transport: any PostgRESTTransport, schemaName: String,
        accessToken: @escaping @Sendable () async throws -> String?, provenRole: LockedState<DatabaseRole>,
        requestedRole: DatabaseRole?, realtimeSocket: RealtimeSocket?, realtime: RealtimeConfiguration
    ) {
        self.encoder = encoder
        self.schemaName = schemaName
        self.transport = transport
        self.accessToken = accessToken
        self.provenRole = provenRole
        self.requestedRole = requestedRole
        self.realtimeSocket = realtimeSocket
        self.realtime = realtime
    }

    /// The project's Realtime socket: `wss://<ref>.supabase.co/realtime/v1/websocket?apikey=<key>&vsn=2.0.0` (`ws://`
    /// for an `http://` project, such as a local one), or the configuration's `socketURL`; `nil` without a transport.
    private static func socket(
        url: URL, anonKey: String, realtime: RealtimeConfiguration,
        accessToken: @escaping @Sendable () async throws -> String?
    ) -> RealtimeSocket? {
        guard let transport = realtime.transport,
            var components = URLComponents(url: realtime.socketURL ?? url, resolvingAgainstBaseURL: false)
        else { return nil }
        components.scheme = ["http", "ws"].contains(components.scheme) ? "ws" : "wss"
        if realtime.socketURL == nil {
            components.path =
                (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path)
                + "/realtime/v1/websocket"
        }
        components.queryItems = [
            URLQueryItem(name: "apikey", value: anonKey), URLQueryItem(name: "vsn", value: "2.0.0"),
        ]
        guard let socketURL = components.url else { return nil }
        return RealtimeSocket(
            url: socketURL, transport: transport, accessToken: accessToken, clock: realtime.clock,
            heartbeatInterval: realtime.heartbeatInterval, backoff: realtime.reconnectBackoff,
            privateChannels: realtime.privateChannels, resyncInterval: realtime.resyncInterval)
    }

    /// Whether this copy was asked to act as `anon` (its requests and channels carry no token).
    var requestedRoleIsAnonymous: Bool { requestedRole == .anonymous }

    /// The role requests run as: the one asked for with ``acting(as:)``, else the one the latest access token
    /// proves (anonymous before the first request with a token provider; see ``refreshRole()``).
    public var role: DatabaseRole { requestedRole ?? provenRole.value }

    /// This project acting as `role`; see the type's documentation for what can and cannot be asked.
    ///
    /// - Parameter role: The role to act as: `.anonymous`, or the role the token proves; any other makes every request
    ///   throw ``SupabaseError/cannotActAs(requested:proven:)``.
    /// - Returns: A client over the same project, transport and token provider whose ``role`` is `role`.
    public func acting(as role: DatabaseRole) -> SupabaseDatabase {
        SupabaseDatabase(
            encoder: encoder, transport: transport, schemaName: schemaName, accessToken: accessToken,
            provenRole: provenRole,
            requestedRole: role, realtimeSocket: realtimeSocket, realtime: realtime)
    }

    /// Asks the token provider for the current token and returns (and remembers) the role it proves.
    ///
    /// - Returns: ``role`` as it now stands: the role asked for with ``acting(as:)`` if any, else the one the current
    ///   token proves (`.anonymous` for no token or one whose claims cannot be read).
    /// - Throws: What the token provider throws (nothing is remembered then).
    @discardableResult
    public func refreshRole() async throws -> DatabaseRole {
        let token = try await accessToken()
        let proven = token.flatMap(AccessTokenClaims.init(token:))?.databaseRole ?? .anonymous
        provenRole.withLock { $0 = proven }
        return requestedRole ?? proven
    }

    /// Sends `query` to PostgREST and returns its rows as JSON.
    ///
    /// - Parameter query: The request.
    /// - Returns: The JSON body and, when asked for, the count from `Content-Range`.
    /// - Throws: ``SupabaseError/cannotActAs(requested:proven:)`` when the token does not prove the role asked for with
    ///   ``acting(as:)`` (nothing sent); what the token provider throws; ``SupabaseError/notAuthenticated(_:)`` when
    ///   the server refuses the token (HTTP 401, `PGRST301`–`PGRST303`); a ``/FitCore/DatabaseError`` with PostgREST's
    ///   code and ``/FitCore/DatabaseError/httpStatus`` for anything the database refuses; ``/FitCore/ConnectionError``
    ///   when the server cannot be reached or the answer is not PostgREST's; `CancellationError` when the task is
    ///   cancelled.
    public func run(_ query: DatabaseQuery) async throws -> RawResponse {
        let token = try await tokenForRequest()
        let request = try encoder.request(for: query, accessToken: token)
        let response = try await transport.send(request)
        do {
            return try PostgRESTResponseDecoder.decode(response, for: query)
        } catch  where PostgRESTResponseDecoder.isNoRowForMaybeSingle(error, query) {
            return RawResponse(data: Data("null".utf8), count: nil)
        }
    }

    /// The bearer token for the next request (`nil`: the anon key), checked against ``acting(as:)``.
    private func tokenForRequest() async throws -> String? {
        if requestedRole == .anonymous { return nil }
        let token = try await accessToken()
        let claims = token.flatMap(AccessTokenClaims.init(token:))
        let proven = token == nil ? DatabaseRole.anonymous : claims?.databaseRole
        if let proven { provenRole.withLock { $0 = proven } }
        if let requestedRole, requestedRole != proven {
            throw SupabaseError.cannotActAs(requested: requestedRole, proven: proven)
        }
        return token
    }
}
