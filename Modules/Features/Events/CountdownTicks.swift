import Foundation

/// An endless sequence of "now"s that keeps relative labels ("in 5 minutes") fresh: the replacement for
/// the seed's `Timer`, sleeping on an injected clock so tests drive it with a test clock.
///
/// Before each tick it looks at the event dates again: while the nearest one (past or future) is within
/// ``nearThreshold`` it ticks every ``nearInterval`` (labels count seconds there), otherwise every
/// ``farInterval``. It ends when the iterating task is cancelled, so `for await now in ticks` in a
/// SwiftUI `.task` stops with the view.
public struct CountdownTicks: AsyncSequence, Sendable {
    /// Each tick is the current date, read from the injected `now` after the sleep.
    public typealias Element = Date
    /// Ticking never fails; cancelling the iterating task ends the sequence.
    public typealias Failure = Never

    /// How close the nearest event must be for per-second ticks.
    public static let nearThreshold: Duration = .seconds(60 * 60)
    /// The tick interval near an event.
    public static let nearInterval: Duration = .seconds(1)
    /// The tick interval otherwise (also with no events).
    public static let farInterval: Duration = .seconds(60)

    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let dates: @Sendable () -> [Date]

    /// - Parameters:
    ///   - clock: what the sequence sleeps on.
    ///   - now: the current date, read after each sleep and yielded.
    ///   - dates: the event dates, read before each sleep (so edits change the pace).
    public init(
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, dates: @escaping @Sendable () -> [Date]
    ) {
        self.clock = clock
        self.now = now
        self.dates = dates
    }

    /// The pause before the next tick when it is `now` and the events are at `dates`.
    ///
    /// - Parameters:
    ///   - now: The current date.
    ///   - dates: The event dates, in any order; empty for no events.
    /// - Returns: ``nearInterval`` when some date is within ``nearThreshold`` of `now` (before or after it),
    ///   ``farInterval`` otherwise.
    public static func interval(now: Date, dates: [Date]) -> Duration {
        let threshold = Double(nearThreshold.components.seconds)
        let isNear = dates.contains { abs($0.timeIntervalSince(now)) <= threshold }
        return isNear ? nearInterval : farInterval
    }

    /// Starts ticking: each iterator sleeps on the sequence's clock on its own, so two `for await` loops over the same
    /// ``CountdownTicks`` each get every tick.
    ///
    /// - Returns: An ``Iterator`` over the clock, `now` and `dates` the sequence was created with.
    public func makeAsyncIterator() -> Iterator {
        Iterator(clock: clock, now: now, dates: dates)
    }

    /// Produces the ticks of a ``CountdownTicks``: each ``next()`` sleeps for ``CountdownTicks/interval(now:dates:)``
    /// and returns the date after the sleep.
    public struct Iterator: AsyncIteratorProtocol {
        let clock: any Clock<Duration>
        let now: @Sendable () -> Date
        let dates: @Sendable () -> [Date]

        /// Sleeps until the next tick and returns the date then; `nil` once the task is cancelled.
        ///
        /// - Returns: The value of `now` after the sleep, or `nil` when the sleep was cancelled (the iterating task was
        ///   cancelled), which ends the sequence.
        public mutating func next() async -> Date? {
            let pause = CountdownTicks.interval(now: now(), dates: dates())
            do {
                try await clock.sleep(for: pause)
            } catch {
                return nil
            }
            return now()
        }
    }
}
