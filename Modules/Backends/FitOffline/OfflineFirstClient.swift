import FitCore
import Foundation

/// A `DatabaseClient` that keeps working without a network: it sends every request to a remote client (FitPostgres,
/// FitSupabase, or an in-memory database standing in for a server) and keeps a local replica, persisted to one
/// file, of what its ``ReplicaPolicy`` declares.
///
/// - **Reads** go to the remote; its answer also updates the replica, after it has gone to the caller (requests that
///   use the replica next wait for that; so does ``finishReplicaUpdates()``). When the remote cannot be reached (a
///   ``/FitCore/ConnectionError`` or a `DatabaseError` of class `08`, not any error), the same query runs on the
///   replica, and the client tells the store it is local and as of when; stores show that as
///   their ``/FitStores/LoadState/offline`` state (`isOffline`, `lastSynced`).
/// - **Writes to the member's own data** (the relations whose rule is writable offline) go to the remote when it is
///   reachable and nothing is queued. Otherwise they are applied to the replica at once and appended to the outbox
///   in the same atomic save, and replayed in order, idempotently, by the next successful request, by ``sync()``,
///   or by a retry on the client's clock (1 s, doubling to a minute). A change leaves the outbox only when the
///   server accepted it; a change the server refuses is dropped, the replica takes the server's rows back, and the
///   refusal reaches the next read of that table (`offline.rejectedChanges` of its store) and ``rejectedChanges()``.
///   Between two devices, the later version column (`updated_at`) wins on both.
/// - **What the server decides** (functions that are not cached, writes to relations not writable offline) fails at once with
///   ``OfflineError/requiresServer(_:reason:)`` when the remote cannot be reached; nothing is queued.
///
/// Copies made with ``acting(as:)`` share the replica, the outbox and the retry.
public struct OfflineFirstClient: DatabaseClient {
    private let engine: OfflineEngine
    /// The role requests run as, on the remote and on the replica.
    public let role: DatabaseRole

    /// Opens (or creates) the replica at `replicaURL` over `remote`.
    ///
    /// - Parameters:
    ///   - remote: The client that talks to the server; its role is replaced by ``role`` on every request.
    ///   - replicaURL: The replica's file; created on the first change. A corrupt file is reported and kept.
    ///   - policy: What the replica keeps (FitContract's `FitKitContract.replicaPolicy` for FitKit's contract).
    ///   - clock: The clock retries wait on; inject a test clock in tests.
    ///   - now: The source of `now()` for version stamps and sync times.
    /// - Throws: A `PersistenceError` (from FitInMemory) when the file is corrupt or unreadable; a `DatabaseError`
    ///   `42P01` when a rule names a relation the policy's schema does not declare.
    public init(
        remote: some DatabaseClient,
        replicaURL: URL,
        policy: ReplicaPolicy,
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        let replica = try ReplicaStore(fileURL: replicaURL, policy: policy, now: now)
        engine = OfflineEngine(remote: remote, replica: replica, policy: policy, clock: clock, now: now)
        role = remote.role
    }

    private init(engine: OfflineEngine, role: DatabaseRole) {
        self.engine = engine
        self.role = role
    }

    /// A client for `role` sharing this one's remote, replica and outbox.
    ///
    /// - Parameter role: The role the new client's requests run as.
    /// - Returns: A client acting as `role`.
    public func acting(as role: DatabaseRole) -> OfflineFirstClient {
        OfflineFirstClient(engine: engine, role: role)
    }

    /// Runs `query` as the type's documentation says: on the remote, or on the replica when the remote cannot be
    /// reached.
    ///
    /// - Parameter query: The request.
    /// - Returns: The answer (a store running the query learns whether it came from the replica, and as of when).
    /// - Throws: What the remote throws when it answers (a `DatabaseError`); ``OfflineError`` when the remote cannot
    ///   be reached and the request needs it; a `DatabaseError` from the replica for an offline write it refuses
    ///   (`PGRST116` for `single()` on no row); `CancellationError` when cancelled.
    public func run(_ query: DatabaseQuery) async throws -> RawResponse {
        try await engine.run(query, as: role)
    }

    /// The remote's change feed for `table`, kept alive across lost connections: when the remote feed fails because
    /// the server cannot be reached, the stream yields ``/FitCore/DatabaseChange/missedChanges(table:)`` (a follower
    /// reloads, from the replica), subscribes again after a back-off on the client's clock, and yields
    /// `missedChanges` once more when it is back (the follower resyncs what changed meanwhile). It also yields
    /// `missedChanges` when an offline write or a replay changed the replica's copy of `table`.
    ///
    /// - Parameters:
    ///   - table: The table or view to follow.
    ///   - filter: Narrows the changes, as the remote's feed does.
    /// - Returns: The changes; it ends with the remote feed's error when that is not a lost connection.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        ResilientFeed.stream(engine: engine, table: table, filter: filter, role: role)
    }

    /// Replays the outbox now.
    ///
    /// - Returns: What the replay did: accepted, refused and still pending changes, and the requests it sent.
    @discardableResult
    public func sync() async -> SyncReport { await engine.sync() }

    /// Returns once the replica holds every answer the server gave this client's reads so far.
    ///
    /// An online read answers as soon as the server does and updates the replica afterwards; whatever next reads or
    /// writes the replica through this client waits for that. Call this before handing the replica's file to
    /// another client, or before the process ends, when the latest answers must be on disk.
    public func finishReplicaUpdates() async { await engine.replicaSettled() }

    /// How many changes wait in the outbox.
    ///
    /// - Returns: The number of queued changes.
    public func pendingChangeCount() -> Int { engine.replica.pendingCount() }

    /// Whether the last request reached the server.
    ///
    /// - Returns: `false` after a request failed because the server could not be reached, until one succeeds.
    public func isReachable() async -> Bool { await engine.isReachable }

    /// Every change the server refused since the client was created, oldest first.
    ///
    /// - Returns: The refused changes.
    public func rejectedChanges() async -> [RejectedChange] { await engine.rejected }

    /// What the background sync does, as it happens: each replay's report and each scheduled retry.
    ///
    /// - Returns: A stream of events; it ends when the caller stops iterating.
    public func syncEvents() async -> AsyncStream<SyncEvent> { await engine.events() }
}
