import FitCore
import Foundation

/// How a ``SupabaseDatabase`` follows changes through Supabase Realtime.
public struct RealtimeConfiguration: Sendable {
    /// The WebSocket transport; `nil` means this database cannot follow changes (``platformDefault`` on Linux).
    public var transport: (any RealtimeTransport)?
    /// The clock heartbeats, reply timeouts and reconnect back-off run on.
    public var clock: any Clock<Duration>
    /// How views are followed: Realtime publishes tables only, so a view follows its source tables (see
    /// ``/FitCore/ViewFeed``); the contract's `FitKitContract.viewFeeds`.
    public var viewFeeds: [ViewFeed]
    /// The primary-key columns of tables whose key is not `id` (the key of each change reported).
    public var keyColumns: [String: [String]]
    /// How often the socket sends a heartbeat; an unanswered heartbeat means the connection is dead. 25 seconds.
    public var heartbeatInterval: Duration
    /// The socket's URL when Realtime is not at the project's own (`<project>/realtime/v1/websocket`): a
    /// self-hosted Realtime, a test server. `nil` by default.
    public var socketURL: URL?
    /// The waits before each reconnect (and each rejoin after a refusal) in a row, the last repeating: 1, 2, 5 and
    /// then every 10 seconds.
    public var reconnectBackoff: [Duration]
    /// Whether channels are private (`"private": true`): for projects that allow private channels only, which
    /// authorise each channel through row-level security on `realtime.messages`. `false` by default.
    public var privateChannels: Bool
    /// How often every subscribed follower is told it may have missed changes (and so reloads): Realtime drops
    /// changes without notice past a project's rate limits (100 events a second by default) and never announces a row
    /// that leaves a filter. Five minutes by default; `nil` never.
    public var resyncInterval: Duration?
    /// The tables in the project's `supabase_realtime` publication, when known (FitContract's
    /// `SupabaseDatabase(url:anonKey:accessToken:contract:)` says them): following anything that is neither one of them
    /// nor a view with a ``viewFeeds`` entry is then refused before any socket opens. `nil` (unknown) by default.
    public var publishedTables: Set<String>?

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - transport: The WebSocket transport, or `nil` for none.
    ///   - clock: The clock of heartbeats and back-off; the continuous clock by default.
    ///   - viewFeeds: How views follow their tables.
    ///   - keyColumns: Primary keys other than `id`, by table.
    ///   - heartbeatInterval: The heartbeat period.
    ///   - reconnectBackoff: The waits before reconnects and rejoins in a row, the last repeating; an empty list
    ///     waits a second.
    ///   - socketURL: Realtime's socket URL when it is not at the project's URL (`apikey` and `vsn` are added).
    ///   - privateChannels: Whether channels are private; `false` by default.
    ///   - resyncInterval: How often followers are told they may have missed changes; five minutes by default, `nil`
    ///     never.
    ///   - publishedTables: The tables in the `supabase_realtime` publication, when known; `nil` by default.
    public init(
        transport: (any RealtimeTransport)?, clock: any Clock<Duration> = ContinuousClock(),
        viewFeeds: [ViewFeed] = [], keyColumns: [String: [String]] = [:], heartbeatInterval: Duration = .seconds(25),
        reconnectBackoff: [Duration] = [.seconds(1), .seconds(2), .seconds(5), .seconds(10)], socketURL: URL? = nil,
        privateChannels: Bool = false, resyncInterval: Duration? = .seconds(300), publishedTables: Set<String>? = nil
    ) {
        self.publishedTables = publishedTables
        self.privateChannels = privateChannels
        self.resyncInterval = resyncInterval
        self.transport = transport
        self.clock = clock
        self.viewFeeds = viewFeeds
        self.keyColumns = keyColumns
        self.heartbeatInterval = heartbeatInterval
        self.reconnectBackoff = reconnectBackoff
        self.socketURL = socketURL
    }

    /// `URLSession`'s WebSocket task on Apple platforms; elsewhere, where Foundation's WebSocket task is not
    /// available, `WebSocketRealtimeTransport` when FitKit is built with its `RealtimeWebSocket` trait, and no
    /// transport otherwise (give one of your own).
    public static var platformDefault: RealtimeConfiguration {
        #if os(Linux) || os(Android) || os(Windows)
            #if RealtimeWebSocket
                RealtimeConfiguration(transport: WebSocketRealtimeTransport())
            #else
                RealtimeConfiguration(transport: nil)
            #endif
        #else
            RealtimeConfiguration(transport: URLSessionRealtimeTransport())
        #endif
    }
}
