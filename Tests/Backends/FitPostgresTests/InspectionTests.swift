#if Postgres
    import FitCore
    import FitPostgres
    import Foundation
    import Testing

    /// `PostgresDatabase.inspect(_:)`: rows as JSON objects in the query's order, for the service role only, and never
    /// a write.
    @Suite("Inspecting the database", PostgresTestEnvironment.enabled, .suiteDatabase())
    struct InspectionTests {
        var database: PostgresDatabase { SuiteDatabase.current! }

        @Test("rows come back as objects keyed by column, in the query's order")
        func rowsInOrder() async throws {
            let rows = try await database.inspect(
                "select n as number, n % 2 = 0 as even, null::text as nothing from generate_series(3, 1, -1) n")
            #expect(
                rows == [
                    ["number": 3, "even": false, "nothing": .null], ["number": 2, "even": true, "nothing": .null],
                    ["number": 1, "even": false, "nothing": .null],
                ])
        }

        @Test("a member or an anonymous caller may not inspect", arguments: [DatabaseRole.anonymous, .member(UUID())])
        func onlyTheServiceRole(role: DatabaseRole) async throws {
            let error = await #expect(throws: DatabaseError.self) {
                try await database.acting(as: role).inspect("select 1 as one")
            }
            #expect(error?.code == "42501")
        }

        @Test("a query that would write is refused")
        func writesAreRefused() async throws {
            let error = await #expect(throws: DatabaseError.self) {
                try await database.inspect(
                    "select close_waitlists() as closed")
            }
            #expect(error?.code == "25006")
        }
    }
#endif
