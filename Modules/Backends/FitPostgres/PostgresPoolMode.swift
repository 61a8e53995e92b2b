#if Postgres
    /// How ``PostgresDatabase/withDatabase(url:as:maximumConnections:pool:viewFeeds:_:)`` keeps its connections.
    public enum PostgresPoolMode: Sendable, Hashable {
        /// Connections open as requests need them, up to the maximum; one idle for 60 s closes, and an idle one is
        /// pinged every 30 s to find a connection the network dropped (postgres-nio's defaults).
        ///
        /// Each request starts and cancels the pool's idle and ping timers for its connection, which costs CPU
        /// time and thread switches per request (benchmark P5 in `Benchmarks/` shows it).
        case onDemand
        /// Every connection opens when the pool starts and stays open; one that closes opens again. No idle
        /// timeout and no pings, so a request starts no timer.
        ///
        /// For a service that keeps its load up, as pgbench's clients do. A connection the network dropped
        /// silently is found by the next request on it, which fails with `08006`.
        case allOpen
    }
#endif
