import Booking
import FitCore
import FitStores
import Foundation
import Observation

/// The session-details screen: one class, the member's booking for it, and the Book / Cancel action.
///
/// A load costs one round-trip depth (see ``SessionDetailsQueries/getSessionDetail(sessionId:memberId:)``).
/// Loads follow ``/FitStores/LoadingStore``'s rules. ``refresh(memberId:)`` keeps the shown class while it runs.
public final class SessionDetailsStore: LoadingStore {
    /// Everything the screen shows.
    public struct State: Sendable {
        /// The loaded class and booking, with their loading, refetching and error state.
        public var detail = LoadState<SessionDetail>()
        /// Nothing loaded yet.
        public init() {}
    }

    /// The class this screen is about.
    public let sessionId: UUID
    private let storage = StoreStorage(State())
    private let queries: SessionDetailsQueries

    /// Creates the store of one class's screen.
    ///
    /// - Parameters:
    ///   - sessionId: The class session the screen shows.
    ///   - queries: The session-details requests, acting as the signed-in member.
    public init(sessionId: UUID, queries: SessionDetailsQueries) {
        self.sessionId = sessionId
        self.queries = queries
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<SessionDetail>> { \.detail }
    /// The class, once loaded.
    public var session: BookableSession? { state.detail.value?.session }
    /// The member's active booking for this class; `nil` when not booked or no member.
    public var bookingId: UUID? { state.detail.value?.bookingId }

    /// What the Book / Cancel button does: Cancel with the member's booking; a disabled Cancel when the class
    /// is marked booked but the booking's id is unknown (loaded without a member), as the seed screen does;
    /// Book otherwise. `nil` before the first load or for a cancelled class that is not booked.
    public var action: BookingAction<BookableSession>? {
        guard let detail = state.detail.value else { return nil }
        if let bookingId = detail.bookingId { return .cancel(detail.session, bookingId: bookingId) }
        if detail.session.isBooked { return .cancel(detail.session, bookingId: nil) }
        return detail.session.isCancelled ? nil : .book(detail.session)
    }

    /// Loads the class and `memberId`'s booking; returns when done.
    ///
    /// - Parameter memberId: The member whose booking to show; `nil` shows none.
    public func load(memberId: UUID?) async {
        let sessionId = sessionId
        await storage.load(self, \.detail) {
            guard let detail = try await queries.getSessionDetail(sessionId: sessionId, memberId: memberId) else {
                throw SessionDetailsError.sessionNotFound(sessionId)
            }
            return detail
        }
    }

    /// Reloads (after a booking action), keeping the shown class while it runs.
    ///
    /// - Parameter memberId: The member whose booking to show; `nil` shows none.
    public func refresh(memberId: UUID?) async {
        await load(memberId: memberId)
    }

    /// Follows the class until the calling task is cancelled (SwiftUI: `.task { await store.follow(memberId:) }`):
    /// it reloads at once, then whenever the class's row changes — spots when another member books or cancels,
    /// the booked flag when this member books from another device — with the loading rules of
    /// ``refresh(memberId:)``. A backend without a change feed exposes `ChangeFeedError.notSupported` in ``error``.
    ///
    /// - Parameters:
    ///   - memberId: The member whose booking to show; `nil` shows none.
    ///   - pacing: How far apart reloads start while changes keep coming; a second by default.
    public func follow(memberId: UUID?, pacing: ReloadPacing = .standard) async {
        let feed = BookingQueries(client: queries.client).followBookableSessions(sessionId: sessionId)
        await storage.follow(self, \.detail, changes: [feed], pacing: pacing) { [self] in
            await self.refresh(memberId: memberId)
        }
    }
}
