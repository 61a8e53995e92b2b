extension FitFixture {
    /// Runs `operation` (a store's load, refresh or write) with its requests held at the database, calls
    /// `whileWaiting` once a request is waiting, then lets the requests finish and returns what `operation`
    /// returned. This is how a test asserts what a store shows while a request is in flight (`isLoading`,
    /// `isRefetching`) without sleeping: the requests wait on ``clock``, which only the test moves.
    ///
    /// ```swift
    /// await fixture.holdingRequests { await store.load() } whileWaiting: {
    ///     #expect(store.isLoading)
    /// }
    /// #expect(!store.isLoading)
    /// ```
    ///
    /// - Parameters:
    ///   - operation: The store call to run, with a 1-second latency on the database until its first request is
    ///     waiting.
    ///   - inspect: The assertions to make while that request waits.
    /// - Returns: What `operation` returned.
    /// - Throws: Rethrows what `inspect` throws, after letting the held requests finish (so no task outlives the test).
    public func holdingRequests<Output: Sendable>(
        _ operation: @escaping @Sendable () async -> Output,
        whileWaiting inspect: () throws -> Void
    ) async rethrows -> Output {
        database.setLatency(.seconds(1))
        let running = Task { await operation() }
        await clock.waitForSleepers(count: 1)
        database.setLatency(.zero)
        do {
            try inspect()
        } catch {
            clock.advance(by: .seconds(1))
            _ = await running.value
            throw error
        }
        clock.advance(by: .seconds(1))
        return await running.value
    }
}
