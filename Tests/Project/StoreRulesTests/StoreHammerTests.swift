import Events
import FitCore
import FitInMemory
import FitTesting
import Foundation
import Testing

/// A store hammered by 100 loads and refreshes, a third of them cancelled, with writes landing in between and
/// responses arriving in another order than their requests: it ends showing the response to the newest request
/// that completed (an older response that arrives later is stale and dropped), and shows no error or progress.
@Suite struct StoreHammerTests {
    /// A client that numbers the requests in the order they start and keeps each successful response's ids.
    final class RecordingClient: DatabaseClient {
        struct Log: Sendable {
            var started = 0
            var responses: [Int: Set<String>] = [:]
            var completionOrder: [Int] = []
        }

        let base: RiggedClient<InMemoryClient>
        let log: LockedState<Log>

        init(base: RiggedClient<InMemoryClient>, log: LockedState<Log> = LockedState(Log())) {
            self.base = base
            self.log = log
        }

        var role: DatabaseRole { base.role }

        func acting(as role: DatabaseRole) -> RecordingClient {
            RecordingClient(base: base.acting(as: role), log: log)
        }

        func run(_ query: DatabaseQuery) async throws -> RawResponse {
            let number = log.withLock { log in
                log.started += 1
                return log.started
            }
            let response = try await base.run(query)
            let rows = try JSONDecoder().decode([JSONValue].self, from: response.data)
            let ids = Set(
                rows.compactMap { row -> String? in if case .string(let id)? = row["id"] { id } else { nil } })
            log.withLock { log in
                log.responses[number] = ids
                log.completionOrder.append(number)
            }
            return response
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func aHammeredStoreEndsAtTheResponseToItsNewestCompletedRequest() async throws {
        let clock = TestClock()
        let fixture = try await FitFixture.make(clock: clock)
        let recorder = RecordingClient(base: fixture.client(as: fixture.alice))
        let store = EventsStore(queries: EventsQueries(client: recorder))
        let writer = EventsQueries(client: fixture.client(as: fixture.alice))

        var state: UInt64 = 0x4A11
        func roll(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var loads: [Task<Void, Never>] = []
        var writes: [Task<Void, Never>] = []
        for index in 0..<100 {
            // Each request sleeps its own latency on the test clock, so they complete in another order.
            fixture.database.setLatency(.milliseconds(1 + roll(50)))
            if index % 7 == 0 {
                writes.append(
                    Task {
                        _ = try? await writer.createEvent(
                            Event(title: "Hammer \(index)", date: TestClock.defaultStartDate.addingTimeInterval(60)))
                    })
                await clock.waitForSleepers(count: loads.count + writes.count)
            }
            let refresh = roll(2) == 0
            loads.append(Task { if refresh { await store.refresh() } else { await store.load() } })
            // Started, and asleep in its request: the next load starts after it, so request order is load order.
            await clock.waitForSleepers(count: loads.count + writes.count)
        }
        var cancelled = 0
        for task in loads where roll(3) == 0 {
            task.cancel()
            cancelled += 1
        }
        clock.advance(by: .milliseconds(60))
        for task in loads + writes { await task.value }

        let log = recorder.log.withLock { $0 }
        let newest = try #require(log.responses.keys.max())
        #expect(Set(store.events.map { $0.id.uuidString.lowercased() }) == log.responses[newest])
        #expect(!store.isLoading && !store.isRefetching)
        #expect(store.error == nil)
        // The hammer did what it says: cancellations, responses that differ, and out-of-order completion.
        #expect(cancelled >= 20 && log.responses.count <= 100 - cancelled)
        #expect(Set(log.responses.values).count > 3)
        #expect(log.completionOrder != log.completionOrder.sorted())
    }
}
