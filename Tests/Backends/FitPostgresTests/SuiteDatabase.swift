#if Postgres
    import FitPostgres
    import Testing

    /// One pool on the test server for a whole suite: a suite with this trait runs inside
    /// ``PostgresTestEnvironment/withDatabase(maximumConnections:pool:_:)``, and its tests find the database in
    /// ``current``.
    ///
    /// For suites of many short cases: a pool of its own per case opens a connection (and one more to check the
    /// server), and reads the schema, before the first request. In the query-semantics suite that was 40 ms of the
    /// 42 ms a case took, 13 of its 18 seconds.
    struct SuiteDatabase: SuiteTrait, TestScoping {
        /// The suite's database, while a suite with this trait runs.
        @TaskLocal static var current: PostgresDatabase?

        /// The pool's size.
        let maximumConnections: Int

        func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await PostgresTestEnvironment.withDatabase(maximumConnections: maximumConnections) { database in
                try await Self.$current.withValue(database) { try await function() }
            }
        }
    }

    extension Trait where Self == SuiteDatabase {
        /// One pool of `maximumConnections` on the test server for the whole suite (``SuiteDatabase``).
        static func suiteDatabase(maximumConnections: Int = 2) -> Self {
            SuiteDatabase(maximumConnections: maximumConnections)
        }
    }
#endif
