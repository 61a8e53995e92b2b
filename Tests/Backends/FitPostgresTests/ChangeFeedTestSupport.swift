#if Postgres
    import FitContract
    import FitCore
    import FitPostgres
    import Foundation
    import PostgresNIO
    import Testing

    extension PostgresTestEnvironment {
        /// A pool whose connections show `applicationName` in `pg_stat_activity`, so a test can find (and
        /// terminate) its own listening connection among every other suite's; the pool runs while `body` does.
        static func withClient<Result: Sendable>(
            applicationName: String, maximumConnections: Int = 8, _ body: (PostgresClient) async throws -> Result
        ) async throws -> Result {
            let url = try #require(url)
            var configuration = try FitPostgres.PostgresDatabase.configuration(url: url)
            configuration.options.maximumConnections = maximumConnections
            configuration.options.additionalStartupParameters = [("application_name", applicationName)]
            let client = PostgresClient(configuration: configuration)
            await pools.enter()
            do {
                let result = try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await client.run() }
                    defer { group.cancelAll() }
                    return try await body(client)
                }
                await pools.leave()
                return result
            } catch {
                await pools.leave()
                throw error
            }
        }

        /// A database (service role) over a pool named `applicationName` (see ``withClient(applicationName:maximumConnections:_:)``).
        static func withDatabase<Result: Sendable>(
            applicationName: String, maximumConnections: Int = 8,
            _ body: (FitPostgres.PostgresDatabase) async throws -> Result
        ) async throws -> Result {
            try await withClient(applicationName: applicationName, maximumConnections: maximumConnections) { client in
                try await body(FitPostgres.PostgresDatabase(client: client, viewFeeds: FitKitContract.viewFeeds))
            }
        }

        /// Terminates, from the server, the one connection of pool `applicationName` that listens for changes, and
        /// runs `sql` (as the superuser) in the same transaction: it commits right after the connection was told to
        /// end, before the pool can have listened again (its first retry waits), so nobody hears it.
        static func terminateListener(of applicationName: String, whileWriting sql: String) async throws {
            let name = applicationName.replacingOccurrences(of: "'", with: "''")
            try await runScript(
                """
                begin;
                do $$
                declare
                  terminated integer;
                begin
                  -- Materialized first, so pg_terminate_backend runs on these connections and no other.
                  with listeners as materialized (
                    select a.pid from pg_stat_activity a
                    where a.application_name = '\(name)' and a.query ilike 'listen%'
                  )
                  select count(*) into terminated from listeners where pg_terminate_backend(listeners.pid);
                  if terminated <> 1 then
                    raise exception 'expected to terminate one listening connection, terminated %', terminated;
                  end if;
                end
                $$;
                \(sql)
                commit;
                """)
        }
    }

    /// Reads a change feed step by step (one iterator for the whole test).
    struct FeedReader {
        private var iterator: AsyncThrowingStream<DatabaseChange, any Error>.AsyncIterator

        init(_ feed: AsyncThrowingStream<DatabaseChange, any Error>) {
            iterator = feed.makeAsyncIterator()
        }

        /// A reader of `feed` once the server listens for it: its first element, `.missedChanges`, is read.
        static func listening(_ feed: AsyncThrowingStream<DatabaseChange, any Error>) async throws -> FeedReader {
            var reader = FeedReader(feed)
            let first = try await reader.next(1)
            #expect(first.map(\.summary) == ["missed \(first.first?.table ?? "?")"])
            return reader
        }

        /// The next `count` changes; fewer only when the feed ended.
        mutating func next(_ count: Int) async throws -> [DatabaseChange] {
            var changes: [DatabaseChange] = []
            while changes.count < count, let change = try await iterator.next() { changes.append(change) }
            return changes
        }

        /// Changes up to and including the first one `matching` holds for.
        mutating func next(until matching: (DatabaseChange) -> Bool) async throws -> [DatabaseChange] {
            var changes: [DatabaseChange] = []
            while let change = try await iterator.next() {
                changes.append(change)
                if matching(change) { break }
            }
            return changes
        }
    }

    extension DatabaseChange {
        /// `"insert events"`, `"missed events"`: what a test compares.
        var summary: String {
            switch self {
            case .row(let kind, let table, _, _): "\(kind.rawValue) \(table)"
            case .missedChanges(let table): "missed \(table)"
            }
        }

        var key: [String: JSONValue]? {
            if case .row(_, _, let key, _) = self { return key }
            return nil
        }

        var row: JSONValue? {
            if case .row(_, _, _, let row) = self { return row }
            return nil
        }
    }
#endif
