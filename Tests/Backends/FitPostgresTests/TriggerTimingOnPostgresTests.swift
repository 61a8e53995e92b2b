#if Postgres
    import FitKitTestSupport
    import Foundation
    import Testing

    /// ``TriggerTiming`` on PostgreSQL: the log its function leaves is the one the embedded database's test expects.
    @Suite("Trigger timing on PostgreSQL", PostgresTestEnvironment.enabled)
    struct TriggerTimingOnPostgresTests {
        @Test("PostgreSQL leaves the log the embedded database is held to")
        func postgreSQLLeavesTheExpectedLog() async throws {
            let url = try #require(PostgresTestEnvironment.url)
            let schema = "trigger_timing_\(UInt32.random(in: 0...UInt32.max))"
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-\(schema).sql")
            try Data(("set client_min_messages = warning;\n" + TriggerTiming.sql(schema: schema)).utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let output = try await PrivatePostgresServer.run(
                ["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", url, "-f", file.path],
                executable: "/usr/bin/env")
            #expect(output.split(separator: "\n").map(String.init) == TriggerTiming.expectedLog)
        }
    }
#endif
