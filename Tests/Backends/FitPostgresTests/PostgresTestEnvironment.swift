#if Postgres
    import FitContract
    import FitCore
    import FitPostgres
    import Foundation
    import ScenarioBackends
    import Testing

    /// Where the PostgreSQL tests find their server: `FITKIT_DATABASE_URL`, as `scripts/with-postgres.sh` exports it.
    enum PostgresTestEnvironment {
        static let url = ProcessInfo.processInfo.environment["FITKIT_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
        static var isAvailable: Bool { url != nil }

        /// The trait that skips a suite, with the reason, when no server is configured.
        static let enabled = Testing.ConditionTrait.enabled(
            if: isAvailable,
            "FITKIT_DATABASE_URL is unset: run under scripts/with-postgres.sh to test against PostgreSQL")

        /// The gate every test pool goes through (the scenario sessions' too), well under the server's
        /// `max_connections`.
        static var pools: ConnectionGate { ConnectionGate.postgresPools }

        /// A pool on the test server for the duration of `body`, acting as the service role.
        static func withDatabase<Result: Sendable>(
            maximumConnections: Int = 8, pool: PostgresPoolMode = .onDemand,
            _ body: (PostgresDatabase) async throws -> Result
        ) async throws -> Result {
            try await withDatabase(url: try #require(url), maximumConnections: maximumConnections, pool: pool, body)
        }

        /// A pool on the server at `url` (the test server through a proxy, say) for the duration of `body`, acting as
        /// the service role; it counts against ``pools`` like every other test pool.
        static func withDatabase<Result: Sendable>(
            url: String, maximumConnections: Int, pool: PostgresPoolMode = .onDemand,
            _ body: (PostgresDatabase) async throws -> Result
        ) async throws -> Result {
            await pools.enter()
            do {
                let result = try await PostgresDatabase.withDatabase(
                    url: url, maximumConnections: maximumConnections, pool: pool, viewFeeds: FitKitContract.viewFeeds,
                    body)
                await pools.leave()
                return result
            } catch {
                await pools.leave()
                throw error
            }
        }

        /// Runs a multi-statement SQL script as the superuser with `psql` (the extended protocol postgres-nio
        /// speaks takes one statement at a time). The script goes in a file and `psql` is awaited without blocking a
        /// thread (``PrivatePostgresServer/run(_:executable:environment:)``): a blocked thread is half the
        /// concurrency pool here (every suite beside it then ran into its time limit).
        static func runScript(_ sql: String) async throws {
            let url = try #require(url)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-script-\(UUID()).sql")
            try Data(("set client_min_messages = warning;\n" + sql).utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            _ = try await PrivatePostgresServer.run(
                ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-f", file.path], executable: "/usr/bin/env")
        }
    }

    @Suite("PostgreSQL test environment")
    struct PostgresTestEnvironmentTests {
        @Test("CI provides a PostgreSQL server for these tests")
        func ciHasADatabase() {
            if PostgresTestEnvironment.isCI {
                #expect(
                    PostgresTestEnvironment.isAvailable,
                    "CI=true but FITKIT_DATABASE_URL is unset: PostgreSQL tests cannot run")
            }
        }

        @Test(
            "a database URL that is not postgres:// is a clear error",
            arguments: ["mysql://x/y", "not a url", "postgres://"])
        func rejectsBadURLs(url: String) {
            #expect(throws: DatabaseError.self) { try PostgresDatabase.configuration(url: url) }
        }

        @Test("a postgres URL gives host, port, user and database")
        func parsesURL() throws {
            let configuration = try PostgresDatabase.configuration(url: "postgres://me:secret@127.0.0.1:6543/fitkit")
            #expect(configuration.host == "127.0.0.1")
            #expect(configuration.port == 6543)
            #expect(configuration.username == "me")
            #expect(configuration.password == "secret")
            #expect(configuration.database == "fitkit")
            #expect(configuration.options.maximumConnections == 20)
            #expect(configuration.options.minimumConnections == 0)
            #expect(configuration.options.keepAliveBehavior != nil)
        }

        @Test("an all-open pool opens every connection at the start and runs no idle or keep-alive timer")
        func allOpenPool() throws {
            let configuration = try PostgresDatabase.configuration(
                url: "postgres://me@127.0.0.1/fitkit", maximumConnections: 6, pool: .allOpen)
            #expect(configuration.options.maximumConnections == 6)
            #expect(configuration.options.minimumConnections == 6)
            #expect(configuration.options.keepAliveBehavior == nil)
        }
    }
#endif
