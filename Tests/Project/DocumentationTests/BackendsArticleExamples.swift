import Booking
import Credits
import Events
import FitContract
import FitCore
import FitInMemory
import FitSupabase
import Foundation
import Members

#if Postgres
    import FitPostgres
#endif

/// The code of the "Backends" article (Modules/Core/FitCore/FitCore.docc/Backends.md), verbatim. The in-memory and
/// Supabase snippets run here; the PostgreSQL one is compiled with the `Postgres` trait (as scripts/test.sh
/// builds it) and not run: FitPostgresTests cover `withDatabase` against a real server.
enum BackendsArticleExamples {
    /// The in-memory snippet: an app without a server keeps its data in a file.
    static func openLocalDatabase(in folder: URL, memberId: UUID) throws -> EventsStore {
        let file = folder.appendingPathComponent("fitkit.sqlite")
        let database = try InMemoryDatabase.embedded(persistingTo: file)
        return EventsStore(queries: EventsQueries(client: database.client(as: .member(memberId))))
    }

    /// The Supabase snippet: the project URL, its anon key, the contract, and the signed-in member's token.
    static func connectToSupabase(
        projectURL: URL, anonKey: String, accessToken: @escaping @Sendable () async throws -> String?
    ) -> CreditsStore {
        let database = SupabaseDatabase(
            url: projectURL, anonKey: anonKey, contract: FitKitContract.features, accessToken: accessToken)
        return CreditsStore(queries: CreditsQueries(client: database))
    }

    /// The Supabase live snippet: the timetable, loaded and followed, as the article sets the client up.
    static func followTheTimetable(
        projectURL: URL, anonKey: String, accessToken: @escaping @Sendable () async throws -> String?
    ) async -> (TimetableStore, Task<Void, Never>) {
        let database = SupabaseDatabase(
            url: projectURL, anonKey: anonKey, contract: FitKitContract.features, accessToken: accessToken)
        let timetable = TimetableStore(queries: BookingQueries(client: database), locale: .current)
        await timetable.load(from: Date(), to: Date().addingTimeInterval(7 * 86_400))
        let following = Task { await timetable.follow() }  // another member's booking moves the spots
        return (timetable, following)
    }

    /// The Supabase project path's Swift steps: the signed-up member's row, a booking, then deleting the account.
    static func bookThenDeleteTheAccount(
        projectURL: URL, anonKey: String, accessToken: @escaping @Sendable () async throws -> String?, classId: UUID
    ) async throws -> AccountDeletion {
        let database = SupabaseDatabase(url: projectURL, anonKey: anonKey, accessToken: accessToken)
        let members = try await MembersQueries(client: database).getMembers()
        print("signed in as \(members.first?.displayName ?? "nobody")")
        let booking = try await BookingQueries(client: database).bookSession(id: classId)
        print("booked \(booking.id)")

        let deletion = try await MembersQueries(client: database).deleteAccount()
        print("deleted; \(deletion.cancelledBookings) future bookings cancelled")
        return deletion
    }

    #if Postgres
        /// The PostgreSQL snippet: a server-side tool with its own connection pool.
        static func printBalance(databaseURL: String, memberId: UUID) async throws {
            try await PostgresDatabase.withDatabase(url: databaseURL) { database in
                let credits = CreditsQueries(client: database.acting(as: .member(memberId)))
                let summary = try await credits.getSummary()
                print("balance: \(summary.balance)")
            }
        }
    #endif
}
