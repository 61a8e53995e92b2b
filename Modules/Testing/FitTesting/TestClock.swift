import FitCore
import Foundation

/// A clock that moves only when a test says so, for driving countdowns, ticks and injected latency
/// without sleeping.
///
/// Code under test sleeps on it as on any `Clock<Duration>`. The test awaits ``waitForSleepers(count:)``
/// until the code has reached its sleep (deterministic: it resumes as soon as the sleeper registers, with
/// no polling), then calls ``advance(by:)`` to wake every sleeper whose deadline has come:
///
/// ```swift
/// let clock = TestClock()
/// let run = Task { try await store.start() }     // sleeps one second at a time
/// await clock.waitForSleepers(count: 1)
/// clock.advance(by: .seconds(1))
/// await clock.waitForSleepers(count: 1)          // the store has handled the tick and sleeps again
/// #expect(store.remainingSeconds == 29)
/// ```
///
/// Also usable as a source of "now": ``date`` starts at a given date and moves with the clock.
public final class TestClock: Clock, Sendable {
    /// A point on the test clock: the time elapsed since it was created.
    public typealias Instant = ElapsedInstant

    private struct Sleeper: Sendable {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter: Sendable {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State: Sendable {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var waiters: [Waiter] = []
        var cancelledBeforeSleeping: Set<Int> = []
        var nextID = 0
    }

    private let state = LockedState(State())
    private let startDate: Date

    /// The date a clock starts at unless told otherwise: 2026-06-04 18:00:00 UTC.
    public static let defaultStartDate = Date(timeIntervalSince1970: 1_780_596_000)

    /// - Parameter startDate: what ``date`` reads before the clock has moved.
    public init(startDate: Date = TestClock.defaultStartDate) {
        self.startDate = startDate
    }

    /// The time elapsed on this clock since it was made: zero until ``advance(by:)`` moves it.
    public var now: Instant { state.withLock { $0.now } }
    /// Zero: the clock moves only in the steps a test gives it.
    public var minimumResolution: Duration { .zero }

    /// The wall-clock date matching ``now``: `startDate` plus the time advanced so far.
    public var date: Date {
        let offset = now.offset.components
        return startDate.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
    }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until a test advances the clock to `deadline` (at once when it is already there).
    ///
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Ignored: the clock wakes sleepers exactly when advanced past their deadline.
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, cancelled, ready) = state.withLock { state -> (Bool, Bool, [Waiter]) in
                    if state.cancelledBeforeSleeping.remove(id) != nil { return (false, true, []) }
                    if deadline <= state.now { return (true, false, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (false, false, Self.takeReadyWaiters(&state))
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else if resumeNow {
                    continuation.resume()
                }
                for waiter in ready { waiter.continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledBeforeSleeping.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes, in deadline order, every sleeper whose deadline has come.
    ///
    /// - Parameter duration: How far to move; `.zero` (the default) only wakes sleepers already due.
    public func advance(by duration: Duration = .zero) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks are sleeping on the clock.
    ///
    /// It does not time out: bound the test with `.timeLimit`.
    ///
    /// - Parameter count: How many sleepers to wait for; 1 by default.
    public func waitForSleepers(count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.waiters.append(Waiter(count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private static func takeReadyWaiters(_ state: inout State) -> [Waiter] {
        let ready = state.waiters.filter { $0.count <= state.sleepers.count }
        state.waiters.removeAll { $0.count <= state.sleepers.count }
        return ready
    }
}
