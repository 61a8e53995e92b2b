import FitCore
import FitStores
import Foundation
import Observation

/// The member's exercise history: loads the catalogue and completions, groups them into days in the member's
/// time zone, and records finished exercises.
///
/// Loads and ``record(_:)`` follow ``/FitStores/LoadingStore``'s rules; a record before the first load loads the
/// history.
public final class HistoryStore: LoadingStore {
    /// Everything the store shows, as one observable value.
    public struct State: Sendable {
        /// The catalogue, completions and days, with the loading and error state of their last load or record.
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

    /// A store whose days are in the member's time zone as `Member.timeZone` stores it (an IANA identifier such as
    /// `Europe/London`).
    ///
    /// - Parameters:
    ///   - queries: requests acting as the member.
    ///   - timeZoneIdentifier: the member's `timeZone`; an identifier Foundation does not know counts days in UTC,
    ///     the `members` table's default.
    ///   - now: when a recorded exercise was completed.
    public convenience init(
        queries: HistoryQueries, timeZoneIdentifier: String, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(queries: queries, timeZone: TimeZone(identifier: timeZoneIdentifier) ?? .gmt, now: now)
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<HistoryContent>> { \.history }
    /// Newest day first; empty until loaded.
    public var days: [ExerciseDay] { state.history.value?.days ?? [] }
    /// The catalogue as last loaded.
    public var exercises: [Exercise] { state.history.value?.exercises ?? [] }

    /// Loads (or reloads) the catalogue and the member's completions. Returns when done.
    public func load() async {
        let queries = queries
        let calendar = calendar
        await storage.load(self, \.history) {
            async let exercises = queries.getExercises()
            async let completions = queries.getCompletions()
            return HistoryContent(
                exercises: try await exercises, completions: try await completions, calendar: calendar)
        }
    }

    /// Reloads, keeping the days visible while it runs (the same as ``load()``; named for `.refreshable`).
    public func refresh() async {
        await load()
    }

    /// Follows what other windows and devices write until the calling task is cancelled (SwiftUI:
    /// `.task { await store.follow() }`): it reloads at once, then after every change the backend reports, with
    /// the loading rules of ``refresh()`` (see `StoreStorage.follow`). A backend without a change feed exposes
    /// `ChangeFeedError.notSupported` in ``error`` and the call returns.
    ///
    /// - Parameter pacing: How far apart reloads start while changes keep coming; a second by default.
    public func follow(pacing: ReloadPacing = .standard) async {
        await storage.follow(self, \.history, changes: [queries.followCompletions()], pacing: pacing) {
            [self] in
            await self.refresh()
        }
    }

    /// Records that the member finished `exercise` now, and adds it to the loaded days.
    /// - Parameter exercise: The exercise finished; it is recorded at the store's `now`.
    /// - Returns: The stored completion.
    /// - Throws: ``HistoryError/exerciseNotFound(_:)`` for an exercise the catalogue does not have, or the
    ///   database's error; either is also in ``error``, and the days stay as they were.
    @discardableResult
    public func record(_ exercise: Exercise) async throws -> ExerciseCompletion {
        let queries = queries
        let completedAt = now()
        return try await storage.write(self, \.history) {
            try await queries.createCompletion(exerciseId: exercise.id, completedAt: completedAt)
        } apply: { content, completion in
            content = content.adding(completion, of: exercise)
        } reload: {
            await load()
        }
    }
}
