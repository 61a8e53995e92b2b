import FitCore
import FitStores
import Foundation
import Observation

/// The member's exercise ratings. Each window (or device) keeps its own store; they meet in the database, so
/// ``load()`` shows what another store has saved.
///
/// Loads follow ``/FitStores/LoadState`` (latest request wins, a failure keeps the ratings and exposes the error);
/// ``rate(_:exerciseId:)`` takes the shared write path
/// (``/FitStores/StoreStorage/write(_:_:operation:apply:reload:)``).
public final class RatingsStore: LoadingStore {
    /// Everything the store shows, as one observable value.
    public struct State: Sendable {
        /// Rating per exercise id.
        public var ratings = LoadState<[UUID: Int]>()

        /// Nothing loaded yet.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: RatingsQueries
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - queries: requests acting as the member.
    ///   - now: stamped on saved ratings (`updated_at`).
    public init(queries: RatingsQueries, now: @escaping @Sendable () -> Date = { Date() }) {
        self.queries = queries
        self.now = now
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<[UUID: Int]>> { \.ratings }

    /// What to show for `exerciseId` (unrated when there is no rating).
    ///
    /// - Parameter exerciseId: The exercise's id.
    /// - Returns: The loaded rating, or an unrated ``ExerciseRating`` when there is none, nothing is loaded yet, or the
    ///   stored value is outside 1…5.
    public func rating(for exerciseId: UUID) -> ExerciseRating {
        guard let value = state.ratings.value?[exerciseId], let rating = try? ExerciseRating(value) else {
            return ExerciseRating()
        }
        return rating
    }

    /// Loads (or reloads) the member's ratings. Returns when done.
    public func load() async {
        let queries = queries
        await storage.load(self, \.ratings) {
            var ratings: [UUID: Int] = [:]
            for stored in try await queries.getRatings() { ratings[stored.exerciseId] = stored.rating }
            return ratings
        }
    }

    /// Reloads, keeping the ratings visible while it runs (the same as ``load()``; named for `.refreshable`).
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
        await storage.follow(self, \.ratings, changes: [queries.followRatings()], pacing: pacing) { [self] in
            await self.refresh()
        }
    }

    /// Saves `value` as the member's rating of `exerciseId`.
    /// - Parameters:
    ///   - value: The rating, 1 through 5.
    ///   - exerciseId: The exercise rated; the rating is stamped with the store's `now`.
    /// - Throws: ``RatingError/outOfRange(_:)`` (nothing sent), ``RatingError/exerciseNotFound(_:)``, or the
    ///   database's error; each is also in ``error``, and the previous ratings stay.
    public func rate(_ value: Int, exerciseId: UUID) async throws {
        let queries = queries
        let updatedAt = now()
        _ = try await storage.write(self, \.ratings) {
            let rating = try ExerciseRating(value)
            return try await queries.saveRating(rating.value ?? value, exerciseId: exerciseId, at: updatedAt)
        } apply: { ratings, stored in
            ratings[stored.exerciseId] = stored.rating
        } reload: {
            await load()
        }
    }
}
