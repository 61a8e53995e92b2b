import FitCore
import Foundation
import Observation

/// The member's exercise ratings. Each window (or device) keeps its own store; they meet in the database, so
/// ``load()`` shows what another store has saved.
///
/// Loads follow ``LoadState`` (latest request wins, a failure keeps the ratings and exposes the error).
public final class ExerciseRatingStore: Observable, Sendable {
    /// Everything the store shows, as one observable value.
    public struct State: Sendable {
        /// Rating per exercise id.
        public var ratings = LoadState<[UUID: Int]>()

        /// Nothing loaded yet.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: HistoryQueries
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - queries: requests acting as the member.
    ///   - now: stamped on saved ratings (`updated_at`).
    public init(queries: HistoryQueries, now: @escaping @Sendable () -> Date = { Date() }) {
        self.queries = queries
        self.now = now
    }

    /// The whole state; reading it registers an observation.
    public var state: State { storage.read(self, \.state) }
    /// The first load is running.
    public var isLoading: Bool { state.ratings.isLoading }
    /// The error of the latest load or save, if it failed.
    public var error: (any Error)? { state.ratings.error }

    /// What to show for `exerciseId` (unrated when there is no rating).
    public func rating(for exerciseId: UUID) -> ExerciseRating {
        guard let value = state.ratings.value?[exerciseId], let rating = try? ExerciseRating(value) else {
            return ExerciseRating()
        }
        return rating
    }

    /// Loads (or reloads) the member's ratings. Returns when done.
    public func load() async {
        let queries = queries
        await storage.load(self, \.state, \.ratings) {
            var ratings: [UUID: Int] = [:]
            for stored in try await queries.ratings() { ratings[stored.exerciseId] = stored.rating }
            return ratings
        }
    }

    /// Saves `value` as the member's rating of `exerciseId`. A value outside 1–5 throws ``RatingError`` and
    /// sends nothing; a failed save is exposed in ``error`` (and thrown) and keeps the previous ratings.
    public func rate(_ value: Int, exerciseId: UUID) async throws {
        let rating = try ExerciseRating(value)
        do {
            let stored = try await queries.setRating(rating.value ?? value, exerciseId: exerciseId, at: now())
            storage.write(self, \.state) { state in
                // Before the first load there is nothing to merge into: the next load shows the rating.
                guard var ratings = state.ratings.value else { return }
                ratings[stored.exerciseId] = stored.rating
                state.ratings.set(ratings)
            }
        } catch {
            if !(error is CancellationError) { storage.write(self, \.state) { $0.ratings.setError(error) } }
            throw error
        }
    }
}
