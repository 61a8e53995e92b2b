import FitCore
import Foundation

/// The state an ``OfflineFirstClient`` and its copies for other roles share: the remote, the replica, the
/// background retry and the refused changes not yet shown.
actor OfflineEngine {
    let remote: any DatabaseClient
    let replica: ReplicaStore
    let policy: ReplicaPolicy
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date

    /// The replay running now, which every other replay request joins.
    private var replay: Task<SyncReport, Never>?
    private var retry: Task<Void, Never>?
    private var failedAttempts = 0
    private(set) var isReachable = true
    /// Refused changes per table, handed to the next read of that table.
    private var unreported: [String: [RejectedChange]] = [:]
    private(set) var rejected: [RejectedChange] = []
    private var listeners: [Int: AsyncStream<SyncEvent>.Continuation] = [:]
    private var tableListeners: [Int: (table: String, continuation: AsyncStream<Void>.Continuation)] = [:]
    private var nextListener = 0
    /// Work on the replica waiting to be done, oldest first, with one answer per request (a newer answer replaces
    /// the older and moves to the end, so rows never go back to an older version).
    private var replicaWork: [ReplicaWork] = []
    /// The task doing ``replicaWork``, off the actor, while there is any.
    private var replicaWorker: Task<Void, Never>?

    init(
        remote: any DatabaseClient, replica: ReplicaStore, policy: ReplicaPolicy, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date
    ) {
        self.remote = remote
        self.replica = replica
        self.policy = policy
        self.clock = clock
        self.now = now
    }

    // MARK: Requests

    func run(_ query: DatabaseQuery, as role: DatabaseRole) async throws -> RawResponse {
        let rule = policy.rule(for: query.target)
        switch query.operation {
        case .select:
            guard let rule else { return try await passThrough(query, as: role, reading: true) }
            return try await read(query, rule: rule, as: role)
        case .rpc:
            guard policy.cachedFunctions.contains(query.target) else {
                return try await passThrough(query, as: role, reading: false)
            }
            return try await call(query, as: role)
        case .insert, .update, .upsert, .delete:
            guard let rule, rule.isWritableOffline else {
                return try await passThrough(query, as: role, reading: false)
            }
            return try await write(query, rule: rule, as: role)
        }
    }

    private func read(_ query: DatabaseQuery, rule: ReplicaRule, as role: DatabaseRole) async throws -> RawResponse {
        do {
            let response = try await remoteAnswer(to: query, as: role)
            afterAnswering(
                .absorb(query: query, answer: response, rule: rule, role: role, answeredAt: now()))
            reportServerAnswer(rejectedChanges: takeRejections(for: rule.relation))
            return response
        } catch  where isConnectionLoss(error) {
            lost()
            await replicaSettled()
            let response = try replica.read(query, rule: rule, role: role)
            ResponseRecorder.current?.record(rejectedChanges: takeRejections(for: rule.relation))
            return response
        }
    }

    /// The server's answer to a read, with the outbox replayed first, so the answer includes the member's own
    /// changes: before the read while the server is reachable, or, when this read is the first to get through after
    /// a loss, right after it (and then the read is asked again).
    private func remoteAnswer(to query: DatabaseQuery, as role: DatabaseRole) async throws -> RawResponse {
        var replayed = false
        if isReachable, hasQueuedChanges {
            _ = await sync()
            replayed = true
        }
        let response = try await remote.acting(as: role).run(query)
        reached()
        guard !replayed, hasQueuedChanges else { return response }
        _ = await sync()
        return try await remote.acting(as: role).run(query)
    }

    private var hasQueuedChanges: Bool { replica.pendingCount() > 0 }

    private func call(_ query: DatabaseQuery, as role: DatabaseRole) async throws -> RawResponse {
        let key =
            OutboxEntry.encode(role) + "|" + query.target + "|"
            + String(decoding: JSONWriter.data(query.body ?? .object([:])), as: UTF8.self)
        do {
            let response = try await remoteAnswer(to: query, as: role)
            try? replica.storeAnswer(response.data, key: key)
            reportServerAnswer()
            return response
        } catch  where isConnectionLoss(error) {
            lost()
            guard let saved = try replica.answer(key: key) else {
                throw OfflineError.notAvailableOffline(query.target, reason: String(describing: error))
            }
            ResponseRecorder.current?.record(ResponseOrigin(source: .replica, asOf: saved.syncedAt))
            return RawResponse(data: saved.data)
        }
    }

    private func write(_ query: DatabaseQuery, rule: ReplicaRule, as role: DatabaseRole) async throws -> RawResponse {
        let prepared = WritePreparation.prepare(
            query, rule: rule, generated: replica.generatedKeys(of: rule), now: now())
        // While the server is known to be unreachable, a write does not probe it: it is queued, and the scheduled
        // retry, the next read or `sync()` finds out when the server is back.
        if isReachable, await replayIfQueued().pending == 0 {
            do {
                let response = try await remote.acting(as: role).run(prepared)
                reached()
                await replicaSettled()
                replica.mirror(prepared, rule: rule, role: role)
                reportServerAnswer()
                return response
            } catch  where isConnectionLoss(error) {
                lost()
            }
        }
        await replicaSettled()
        let response = try replica.applyOffline(prepared, rule: rule, role: role)
        notify(table: rule.relation)
        scheduleRetry()
        return response
    }

    /// Tells the store whose operation this is (through the task's recorder) that the server answered now, and which
    /// of its earlier offline changes to the table the server refused.
    private func reportServerAnswer(rejectedChanges: [RejectedChange] = []) {
        ResponseRecorder.current?.record(ResponseOrigin(source: .server, asOf: now()), rejectedChanges: rejectedChanges)
    }

    private func passThrough(_ query: DatabaseQuery, as role: DatabaseRole, reading: Bool) async throws -> RawResponse {
        do {
            let response = try await remote.acting(as: role).run(query)
            reached()
            reportServerAnswer()
            return response
        } catch  where isConnectionLoss(error) {
            lost()
            let what = query.operation == .rpc ? query.target : "\(query.operation) on \(query.target)"
            throw reading
                ? OfflineError.notAvailableOffline(what, reason: String(describing: error))
                : OfflineError.requiresServer(what, reason: String(describing: error))
        }
    }

    // MARK: Replica work after the answer

    /// Does `work` on the replica after the caller has its answer: a read online costs what the server's read
    /// costs, and whatever reads or writes the replica next waits for it (``replicaSettled()``).
    func afterAnswering(_ work: ReplicaWork) {
        replicaWork.removeAll { $0.isSuperseded(by: work) }
        replicaWork.append(work)
        guard replicaWorker == nil else { return }
        replicaWorker = Task { await doReplicaWork() }
    }

    private func doReplicaWork() async {
        while !replicaWork.isEmpty {
            let next = replicaWork.removeFirst()
            let replica = replica
            // Off the actor, so that requests go on meanwhile.
            await Task.detached { next.run(on: replica) }.value
        }
        replicaWorker = nil
    }

    /// Returns once every piece of replica work asked for so far is done.
    func replicaSettled() async {
        while let replicaWorker { await replicaWorker.value }
    }

    // MARK: Reachability and retries

    private func reached() {
        isReachable = true
        failedAttempts = 0
    }

    private func lost() {
        isReachable = false
    }

    /// The delay before the next automatic replay after `failedAttempts` failures: 1 s, doubling to a minute.
    static func backoff(afterFailures failures: Int) -> Duration {
        .seconds(min(60, 1 << min(failures, 6)))
    }

    /// Schedules a replay on the clock, unless one is scheduled or nothing is queued.
    private func scheduleRetry() {
        let pending = replica.pendingCount()
        guard retry == nil, pending > 0 else { return }
        let delay = Self.backoff(afterFailures: failedAttempts)
        failedAttempts += 1
        let clock: any Clock<Duration> = self.clock
        let wake = Self.alarm(on: clock, after: delay)
        retry = Task { [weak self] in
            guard (try? await wake()) != nil else { return }
            await self?.retryFired()
        }
        broadcast(.retryScheduled(after: delay, pending: pending))
    }

    private func retryFired() async {
        retry = nil
        _ = await sync()
    }

    /// A sleep whose deadline is fixed now, so a test clock advanced before the task starts sleeping still wakes it.
    private static func alarm(on clock: some Clock<Duration>, after delay: Duration)
        -> @Sendable () async throws -> Void
    {
        let deadline = clock.now.advanced(by: delay)
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    // MARK: Replay

    /// Replays the outbox unless it is empty.
    private func replayIfQueued() async -> SyncReport {
        guard replica.pendingCount() > 0 else { return SyncReport() }
        return await sync()
    }

    /// Replays the outbox now. A replay already running is joined; if it ends with changes still queued (it may have
    /// begun before the network came back, as a retry the clock woke does), this call replays again, so `sync()`
    /// after a reconnect always tries the network as it is now.
    func sync() async -> SyncReport {
        // A replay takes the server's rows into the replica: after the answers read before it.
        await replicaSettled()
        if let running = replay {
            let joined = await running.value
            if joined.pending == 0 { return joined }
            // Someone else may have started the next replay meanwhile: join that one instead of a third.
            if let next = replay, next != running { return await next.value }
        }
        let task = Task { await OutboxReplay(engine: self).run() }
        replay = task
        let report = await task.value
        if replay == task { replay = nil }
        if report.pending > 0 {
            lost()
            scheduleRetry()
        } else {
            retry?.cancel()
            retry = nil
        }
        broadcast(.replayed(report))
        return report
    }

    func recordRejection(_ rejection: RejectedChange) {
        rejected.append(rejection)
        unreported[rejection.table, default: []].append(rejection)
    }

    func replayReached() { reached() }

    private func takeRejections(for table: String) -> [RejectedChange] {
        unreported.removeValue(forKey: table) ?? []
    }

    // MARK: Listeners

    func events() -> AsyncStream<SyncEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SyncEvent.self)
        let id = nextListener
        nextListener += 1
        listeners[id] = continuation
        continuation.onTermination = { [weak self] _ in Task { await self?.removeListener(id) } }
        return stream
    }

    private func removeListener(_ id: Int) {
        listeners[id] = nil
        tableListeners[id] = nil
    }

    private func broadcast(_ event: SyncEvent) {
        for continuation in listeners.values { continuation.yield(event) }
    }

    /// A stream that ticks whenever the replica's copy of `table` changed by this client (an offline write, a
    /// replay taking the server's rows).
    func localChanges(to table: String) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = nextListener
        nextListener += 1
        tableListeners[id] = (table, continuation)
        continuation.onTermination = { [weak self] _ in Task { await self?.removeListener(id) } }
        return stream
    }

    func notify(table: String) {
        for listener in tableListeners.values where listener.table == table { listener.continuation.yield() }
    }
}
