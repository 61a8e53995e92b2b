import FitCore

/// The change feed of an ``OfflineFirstClient``: the remote's feed, resubscribed after lost connections, merged
/// with the client's own changes to the replica.
enum ResilientFeed {
    static func stream(engine: OfflineEngine, table: String, filter: Filter?, role: DatabaseRole)
        -> AsyncThrowingStream<DatabaseChange, any Error>
    {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: DatabaseChange.self)
        let task = Task {
            let local = await engine.localChanges(to: table)
            let localTask = Task {
                for await _ in local { continuation.yield(.missedChanges(table: table)) }
            }
            defer { localTask.cancel() }
            var failures = 0
            while !Task.isCancelled {
                do {
                    let feed = engine.remote.acting(as: role).changes(to: table, where: filter)
                    // Subscribed again after a loss: the follower reloads what changed meanwhile (from the server
                    // if it is back, else from the replica).
                    if failures > 0 { continuation.yield(.missedChanges(table: table)) }
                    for try await change in feed {
                        failures = 0
                        continuation.yield(change)
                    }
                    continuation.finish()
                    return
                } catch  where isConnectionLoss(error) {
                    // The follower reloads (from the replica now) on every loss, including one right after a
                    // resubscription that delivered nothing yet.
                    continuation.yield(.missedChanges(table: table))
                    do {
                        try await engine.clock.sleep(for: OfflineEngine.backoff(afterFailures: failures))
                    } catch {
                        break
                    }
                    failures += 1
                } catch {
                    continuation.finish(throwing: error)
                    return
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
