import FitCore
import FitStores
import Foundation
import Observation

/// Runs one Book or Cancel action at a time and exposes its progress, result and error; afterwards the
/// caller refreshes its screen (the seed's action sheet → onDismiss → refresh).
///
/// Concurrency: calls are not queued; a call made while an action runs is ignored and returns `nil`, so a
/// double tap sends one request (``/FitStores/StoreStorage/runExclusively(_:_:operation:)``). A cancelled action leaves
/// the previous result and error as they were (the request may still have reached the server: refresh to see).
public final class BookingStore: LoadingStore {
    /// Everything the store shows.
    public struct State: Sendable {
        /// The running or last finished action: `isLoading` while it runs, its result or error afterwards.
        public var action = LoadState<BookingActionResult>()
        /// No action run yet.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: BookingQueries

    /// Creates a store that runs actions through `queries`.
    ///
    /// - Parameter queries: The Booking requests, acting as the signed-in member.
    public init(queries: BookingQueries) {
        self.queries = queries
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<BookingActionResult>> { \.action }
    /// An action is running.
    public var isInProgress: Bool { state.action.isLoading || state.action.isRefetching }
    /// The result of the last successful action.
    public var result: BookingActionResult? { state.action.value }
    /// ``error`` when it is a booking rule (full, already booked, …).
    public var bookingError: BookingError? { error as? BookingError }

    /// Runs `action` and returns its result; returns `nil` without sending anything when another action is running (a
    /// double tap) or the action is disabled (a Cancel without a booking id).
    ///
    /// A failure is thrown, as every store action throws, and also shown: in ``error``, a rule refusal also in
    /// ``bookingError``, so a view can show it without catching.
    ///
    /// - Parameters:
    ///   - action: Book an item, or cancel its booking.
    ///   - sessionId: How to get the class session's id from the item (for a booking).
    /// - Returns: What the action did (the booking, or the cancellation with its refund), or `nil`.
    /// - Throws: A ``BookingError`` for a refused action (full, already booked, too few credits, …), `CancellationError`
    ///   when the task was cancelled, or what the client throws (a ``/FitCore/ConnectionError``, …).
    @discardableResult
    public func run<Item: Sendable>(_ action: BookingAction<Item>, sessionId: (Item) -> UUID) async throws
        -> BookingActionResult?
    {
        let request: (BookingQueries) async throws -> BookingActionResult
        switch action {
        case .book(let item):
            let id = sessionId(item)
            request = { .booked(try await $0.bookSession(id: id)) }
        case .cancel(_, let bookingId?):
            request = { .cancelled(try await $0.cancelBooking(id: bookingId)) }
        case .cancel(_, nil):
            return nil
        }
        let queries = queries
        return try await storage.runExclusively(self, \.action) { try await request(queries) }
    }

    /// Runs an action on a ``BookableSession``.
    ///
    /// - Parameter action: Book the session, or cancel its booking.
    /// - Returns: What ``run(_:sessionId:)`` returns.
    /// - Throws: What ``run(_:sessionId:)`` throws.
    @discardableResult
    public func run(_ action: BookingAction<BookableSession>) async throws -> BookingActionResult? {
        try await run(action, sessionId: \.sessionId)
    }
}
