import Events
import FitCore
import FitStores
import FitTesting
import Foundation
import Testing

@Suite struct CountdownTicksTests {
    /// Collects the ticks of `ticks` from a task, so the test can look at them between clock moves.
    final class TickRecorder: Sendable {
        private let received = LockedState<[Date]>([])
        var ticks: [Date] { received.value }
        func record(_ date: Date) { received.withLock { $0.append(date) } }
    }

    func run(_ ticks: CountdownTicks, into recorder: TickRecorder) -> Task<Void, Never> {
        Task {
            for await tick in ticks { recorder.record(tick) }
        }
    }

    @Test(
        arguments: [
            ([], CountdownTicks.farInterval),
            ([2 * 3600.0], .seconds(60)),
            ([3601], .seconds(60)),
            ([3600], .seconds(1)),
            ([-1800], .seconds(1)),
            ([-7200, 30], .seconds(1)),
            ([-7200, 86_400], .seconds(60)),
        ] as [([TimeInterval], Duration)])
    func ticksEverySecondNearAnEventAndEveryMinuteOtherwise(offsets: [TimeInterval], interval: Duration) {
        let now = FitFixture.referenceDate
        #expect(CountdownTicks.interval(now: now, dates: offsets.map(now.addingTimeInterval)) == interval)
    }

    @Test func farFromEveryEventItTicksOnceAMinute() async {
        let clock = TestClock()
        let event = clock.date.addingTimeInterval(3 * 3600)
        let recorder = TickRecorder()
        let task = run(CountdownTicks(clock: clock, now: { clock.date }, dates: { [event] }), into: recorder)
        let start = clock.date

        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(59))
        #expect(recorder.ticks.isEmpty)
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(60))
        await clock.waitForSleepers(count: 1)
        #expect(recorder.ticks == [start.addingTimeInterval(60), start.addingTimeInterval(120)])

        task.cancel()
        await task.value
        #expect(clock.sleeperCount == 0, "cancelling the task ends the sequence")
    }

    @Test func switchesToSecondsAsAnEventComesWithinTheThreshold() async {
        let clock = TestClock()
        let start = clock.date
        let event = start.addingTimeInterval(3600 + 30)  // 30 s outside the one-hour threshold
        let recorder = TickRecorder()
        let task = run(CountdownTicks(clock: clock, now: { clock.date }, dates: { [event] }), into: recorder)

        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(60))  // now 59m30s before: near
        for _ in 0..<3 {
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(1))
        }
        await clock.waitForSleepers(count: 1)
        #expect(recorder.ticks == [60, 61, 62, 63].map { start.addingTimeInterval($0) })
        task.cancel()
        await task.value
    }

    @Test func theStoresTicksFollowItsEvents() async throws {
        let harness = try await EventsHarness()
        await harness.store.load()
        let recorder = TickRecorder()
        let task = run(harness.store.ticks(), into: recorder)
        let start = harness.clock.date

        await harness.clock.waitForSleepers(count: 1)  // no events: a minute
        try await harness.store.add(Event(title: "Soon", date: start.addingTimeInterval(600)))
        harness.clock.advance(by: .seconds(60))
        await harness.clock.waitForSleepers(count: 1)  // the event is 9 minutes away: a second
        harness.clock.advance(by: .seconds(1))
        await harness.clock.waitForSleepers(count: 1)
        #expect(recorder.ticks == [start.addingTimeInterval(60), start.addingTimeInterval(61)])

        let formatter = DisplayFormatter(locale: Locale(identifier: "en_US"), timeZone: .gmt)
        #expect(harness.store.rows(formatter: formatter).map(\.relativeDate) == ["in 9 minutes"])
        task.cancel()
        await task.value
    }
}
