import FitCore
import Foundation
import Observation

/// The member's exercise history: loads the catalogue and completions, groups them into days in the member's
/// time zone, and records finished exercises.
///
/// Loads follow ``LoadState``: the first sets `isLoading`, later ones keep the days visible (`isRefetching`),
/// a failure keeps them and exposes the error, a cancelled load changes nothing, and the latest request wins.
/// A failed ``record(_:)`` exposes its error too and never removes recorded days.
public final class HistoryStore: Observable, Sendable {
    /// Everything the store shows, as one observable value.
    public struct State: Sendable {
        public var history = LoadState<HistoryContent>()

        /// Nothing loaded yet.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: HistoryQueries
    private let now: @Sendable () -> Date
    /// A Gregorian calendar in the member's time zone: what days are computed in.
    public let calendar: Calendar

    /// - Parameters:
    ///   - queries: requests acting as the member.
    ///   - timeZone: the member's time zone (`Member.timeZone`); days start at its midnight.
    ///   - now: when a recorded exercise was completed.
    public init(queries: HistoryQueries, timeZone: TimeZone, now: @escaping @Sendable () -> Date = { Date() }) {
        self.queries = queries
        self.now = now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The whole state; reading it registers an observation.
    public var state: State { storage.read(self, \.state) }
    /// Newest day first; empty until loaded.
    public var days: [ExerciseDay] { state.history.value?.days ?? [] }
    /// The catalogue as last loaded.
    public var exercises: [Exercise] { state.history.value?.exercises ?? [] }
    /// The first load is running.
    public var isLoading: Bool { state.history.isLoading }
    /// A reload is running while the loaded data stays visible.
    public var isRefetching: Bool { state.history.isRefetching }
    /// The error of the latest load or record, if it failed.
    public var error: (any Error)? { state.history.error }

    /// Loads (or reloads) the catalogue and the member's completions. Returns when done.
    public func load() async {
        let queries = queries
        let calendar = calendar
        await storage.load(self, \.state, \.history) {
            let exercises = try await queries.exercises()
            let completions = try await queries.completions()
            return HistoryContent(exercises: exercises, completions: completions, calendar: calendar)
        }
    }

    /// Records that the member finished `exercise` now, and adds it to the loaded days.
    /// On failure the error is exposed (and thrown) and the days stay as they were.
    @discardableResult
    public func record(_ exercise: Exercise) async throws -> ExerciseCompletion {
        do {
            let completion = try await queries.recordCompletion(exerciseId: exercise.id, completedAt: now())
            storage.write(self, \.state) { state in
                // Before the first load there is nothing to add to: the next load shows the completion.
                guard let content = state.history.value else { return }
                state.history.set(content.adding(completion, of: exercise))
            }
            return completion
        } catch {
            if !(error is CancellationError) {
                storage.write(self, \.state) { $0.history.setError(error) }
            }
            throw error
        }
    }
}
