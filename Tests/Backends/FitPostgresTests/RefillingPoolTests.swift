#if Postgres
    import FitCore
    @testable import FitPostgres
    import Foundation
    import Logging
    import PostgresNIO
    import Testing

    /// `RefillingPool`: a request waiting for a connection is served after every pooled connection closed, which
    /// postgres-nio's pool on its own leaves waiting until another request comes (the restart fault test's hang).
    @Suite("A pool whose connections all close", PostgresTestEnvironment.enabled, .timeLimit(.minutes(10)))
    struct RefillingPoolTests {
        @Test("a request queued while every connection is terminated is served on a new connection")
        func queuedRequestIsServedAfterEveryConnectionCloses() async throws {
            var configuration = try PostgresDatabase.configuration(
                url: try #require(PostgresTestEnvironment.url), maximumConnections: 2)
            configuration.options.minimumConnections = 0
            let client = PostgresClient(configuration: configuration)
            let pool = RefillingPool(client: client)
            let logger = Logger(label: "fitkit.tests")
            await PostgresTestEnvironment.pools.enter()
            defer { Task { await PostgresTestEnvironment.pools.leave() } }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                // Both connections are leased and busy in the server, each reporting its session's pid first.
                let pids = AsyncStream<Int>.makeStream()
                let holders = (0..<2).map { _ in
                    Task {
                        try await pool.withConnection { connection in
                            let pid = try await connection.answer("select pg_backend_pid()", logger: logger)
                            pids.continuation.yield(try #require(try pid.rows.first?.decode(Int.self)))
                            let slept = try? await connection.answer("select pg_sleep(600)", logger: logger)
                            // The lease is kept until the pool has handled the close (its close callback runs before
                            // the one added here), so the pool never hands the dead connection to the queued request.
                            try? await connection.closeFuture.get()
                            try await connection.eventLoop.submit {}.get()
                            return slept == nil && connection.isClosed
                        }
                    }
                }
                var busy: [Int] = []
                for await pid in pids.stream {
                    busy.append(pid)
                    if busy.count == 2 { break }
                }
                // A third request waits in the pool for one of them.
                let queued = Task {
                    try await pool.withConnection { connection in
                        try await connection.answer("select 42", logger: logger).rows.first?.decode(Int.self)
                    }
                }
                try await PostgresTestEnvironment.runScript(
                    "select pg_terminate_backend(pid) from unnest(array\(busy)) pid;")
                for holder in holders { #expect(try await holder.value) }
                #expect(try await queued.value == 42)
                #expect(pool.waiting == 0)
            }
        }
    }
#endif
