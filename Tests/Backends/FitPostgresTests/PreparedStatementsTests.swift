#if Postgres
    import FitCore
    @testable import FitPostgres
    import Foundation
    import Logging
    import PostgresNIO
    import Testing

    /// Function calls run as statements prepared once per connection (`PreparedStatements`): the cache's rules on a
    /// connection of its own, and a pool's calls end to end.
    @Suite("Prepared function calls", PostgresTestEnvironment.enabled)
    struct PreparedStatementsTests {
        @Test("a connection prepares each statement once, keeps at most perConnection, and forgets them when it closes")
        func cacheRules() async throws {
            let logger = Logger(label: "fitkit.tests")
            let connection = try await PostgresConnection.connect(
                on: PostgresClient.defaultEventLoopGroup.any(),
                configuration: PostgresDatabase.connectionConfiguration(url: try #require(PostgresTestEnvironment.url)),
                id: 1, logger: logger)
            let statements = PreparedStatements()
            let limit = PreparedStatements.perConnection
            var preparations = 0
            func prepared(_ sql: String) async throws -> PreparedQuery? {
                try await statements.statement(sql, on: connection) { sql in
                    preparations += 1
                    return try await connection.prepare(query: sql).get()
                }
            }
            for index in 0..<limit {
                let statement = try #require(try await prepared("select \(index)::text"))
                let rows = try await statement.execute().get()
                #expect(try rows.first?.decode(String.self) == "\(index)")
            }
            #expect(preparations == limit)
            // Known: reused, not prepared again.
            #expect(try await prepared("select 0::text") != nil)
            #expect(preparations == limit)
            // One more than the limit: not prepared, the caller runs it unprepared.
            #expect(try await prepared("select 'one too many'::text") == nil)
            #expect(preparations == limit)
            #expect(statements.count(on: connection.id) == limit)
            let onServer = try await connection.answer(
                "select count(*)::int from pg_prepared_statements", logger: logger)
            #expect(try onServer.rows.first?.decode(Int.self) == limit)

            try await connection.close()
            try await connection.closeFuture.get()
            // The close's callbacks run on the connection's event loop; one more turn of it has run them all.
            try await connection.eventLoop.submit {}.get()
            #expect(statements.count(on: connection.id) == 0)
        }

        @Test("a pool's function calls run prepared, one statement whichever member calls, with the same answers")
        func callsThroughThePool() async throws {
            try await PostgresTestEnvironment.withDatabase(maximumConnections: 1) { database in
                for _ in 0..<3 {
                    // A member the server does not know: book_session refuses with its own code, through the
                    // prepared statement as through any other.
                    let error = await #expect(throws: DatabaseError.self) {
                        try await database.acting(as: .member(UUID())).rpc(
                            "book_session", params: ["session_id": UUID()]
                        ).execute()
                    }
                    #expect(error?.code == "FB010")
                    #expect(error?.message == "No member profile for this account")
                }
                #expect(database.backend.preparedStatements.total == 1)
                // A read-only call (get:) is another statement.
                _ = try? await database.acting(as: .member(UUID())).rpc(
                    "book_session", params: ["session_id": UUID()], get: true
                ).execute()
                #expect(database.backend.preparedStatements.total == 2)
            }
        }
    }
#endif
