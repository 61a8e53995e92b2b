import FitContract
import FitCore
import Foundation
import Members

#if Postgres
    import FitPostgres
#endif

/// L1 on PostgreSQL over loopback: the same measurement as ``L1LiveLatencyBenchmark`` with FitPostgres's change
/// feed (LISTEN/NOTIFY, a read-back as the member). Goal: p99 ≤ 20 ms.
enum L1PostgresLiveLatency {
    static let p99Goal = 0.020

    static func run() async throws -> Figure {
        #if Postgres
            guard let url = ProcessInfo.processInfo.environment["FITKIT_DATABASE_URL"], !url.isEmpty else {
                return Figure(
                    id: "L1", text: "L1 PostgreSQL skipped: FITKIT_DATABASE_URL is not set (run scripts/bench.sh)")
            }
            return try await PostgresDatabase.withDatabase(
                url: url, maximumConnections: 8, viewFeeds: FitKitContract.viewFeeds
            ) { database in
                let member = try await BackOffice(service: database).createAccounts([
                    NewAccount(email: "live-\(UUID().uuidString)@example.com", displayName: "Live Bench")
                ])[0]
                let result = try await L1LiveLatencyBenchmark.measure(
                    client: database.acting(as: .member(member.id)), label: "PostgreSQL over loopback")
                return Figure(
                    id: "L1", text: result.line, goal: "p99 ≤ 20 ms on PostgreSQL", met: result.p99 <= p99Goal)
            }
        #else
            return Figure(id: "L1", text: "L1 PostgreSQL skipped: built without the Postgres trait")
        #endif
    }
}
