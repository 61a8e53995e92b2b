import Booking
import FitContract
import FitCore
import FitStores
import Foundation
import Waitlist

#if Postgres
    import FitPostgres
#endif

/// W1: the waitlist's promotion, live. On PostgreSQL over loopback, a member follows the line of a full class with a
/// ``WaitlistStore``; another member cancels; the time from the cancellation's commit (`cancelBooking` returned) to
/// the follower's store reporting the promotion as an event, p50 and p99 over 200 promotions.
enum W1WaitlistPromotionBenchmark {
    static let promotions = 200

    static func run() async throws -> Figure {
        #if Postgres
            guard let url = ProcessInfo.processInfo.environment["FITKIT_DATABASE_URL"], !url.isEmpty else {
                return Figure(id: "W1", text: "W1 skipped: FITKIT_DATABASE_URL is not set (run scripts/bench.sh)")
            }
            return try await PostgresDatabase.withDatabase(
                url: url, maximumConnections: 8, viewFeeds: FitKitContract.viewFeeds
            ) { database in
                let office = BackOffice(service: database)
                let studio = try await office.addStudio(name: "W1 Studio", timeZone: "Europe/London")
                let full = try await office.addSession(
                    at: studio, name: "W1", startsAt: Date().addingTimeInterval(2 * 86_400), capacity: 1,
                    creditCost: 0)
                let canceller = try await office.addMember("W1 Canceller")
                let waiter = try await office.addMember("W1 Waiter")
                let cancellerBookings = BookingQueries(client: database.acting(as: .member(canceller.id)))
                let waiterBookings = BookingQueries(client: database.acting(as: .member(waiter.id)))
                let line = WaitlistQueries(client: database.acting(as: .member(waiter.id)))
                let store = WaitlistStore(queries: line)
                await store.load(sessionIds: [full])
                var events = store.events.makeAsyncIterator()
                let following = Task { await store.follow() }
                var samples: [Double] = []
                samples.reserveCapacity(promotions)
                for _ in 0..<promotions {
                    let booking = try await cancellerBookings.bookSession(id: full)
                    _ = try await line.join(sessionId: full)
                    await store.load()  // the store has seen the entry waiting
                    _ = try await cancellerBookings.cancelBooking(id: booking.id)
                    let committed = ContinuousClock.now
                    guard case .promoted(_, let promoted)? = await events.next() else {
                        throw BenchmarkError("W1: the follower's store reported no promotion")
                    }
                    samples.append(Measure.seconds(ContinuousClock.now - committed))
                    _ = try await waiterBookings.cancelBooking(id: promoted)  // the spot is free again
                }
                following.cancel()
                await following.value
                samples.sort()
                let p50 = samples[samples.count / 2]
                let p99 = samples[samples.count * 99 / 100]
                return Figure(
                    id: "W1",
                    text:
                        "W1 waitlist promotion, cancellation committed → follower's store reports it (PostgreSQL over "
                        + "loopback, \(promotions) promotions): p50 \(Measure.milliseconds(p50)), p99 "
                        + Measure.milliseconds(p99))
            }
        #else
            return Figure(id: "W1", text: "W1 skipped: built without the Postgres trait")
        #endif
    }
}
