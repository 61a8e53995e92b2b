import FitCore
import FitStores
import Foundation
import Observation

/// One class at the studio's desk, for its staff: who is booked (the roster), and the operations on the class
/// (cancel it, change its capacity), one at a time.
///
/// Loads follow ``/FitStores/LoadingStore``'s rules. An operation runs only when none is running (a double tap sends
/// one request); it shows its progress, result and error in ``State/action``, throws a failure as every store action
/// throws, and reloads the roster when it succeeds.
///
/// ```swift
/// let desk = ClassDeskStore(sessionId: session.sessionId, queries: DeskQueries(client: staffClient))
/// await desk.load()
/// try await desk.cancelClass()   // every booking refunded, the line closed, everyone told
/// ```
public final class ClassDeskStore: LoadingStore {
    /// Everything the store shows.
    public struct State: Sendable {
        /// The class's roster and its loading state.
        public var roster = LoadState<[RosterEntry]>()
        /// The running or last finished operation.
        public var action = LoadState<DeskActionResult>()
        /// Nothing loaded yet.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: DeskQueries

    /// The class this store runs.
    public let sessionId: UUID

    /// Creates the desk's store for one class.
    ///
    /// - Parameters:
    ///   - sessionId: The class session.
    ///   - queries: The desk's requests, acting as a staff member of the class's studio.
    public init(sessionId: UUID, queries: DeskQueries) {
        self.sessionId = sessionId
        self.queries = queries
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<[RosterEntry]>> { \.roster }
    /// The last loaded roster.
    public var roster: [RosterEntry]? { state.roster.value }
    /// The last operation's refusal, when it was a desk rule (not staff, already cancelled, …).
    public var deskError: DeskError? { state.action.error as? DeskError }

    /// Loads (or reloads) the roster; returns when done.
    public func load() async {
        let (queries, sessionId) = (queries, sessionId)
        await storage.load(self, \.roster) { try await queries.roster(of: sessionId) }
    }

    /// Reloads, keeping the shown roster while it runs (same as ``load()``; named for `.refreshable`).
    public func refresh() async {
        await load()
    }

    /// Cancels the class (``DeskQueries/cancelClass(id:)``), then reloads the roster (empty now).
    ///
    /// - Returns: What the cancellation did, or `nil` when another operation was running.
    /// - Throws: A ``DeskError`` for a refused operation, `CancellationError`, or what the client throws.
    @discardableResult
    public func cancelClass() async throws -> ClassCancellation? {
        let (queries, sessionId) = (queries, sessionId)
        let result = try await storage.runExclusively(self, \.action) {
            DeskActionResult.cancelled(try await queries.cancelClass(id: sessionId))
        }
        guard case .cancelled(let cancellation)? = result else { return nil }
        await refresh()
        return cancellation
    }

    /// Changes the class's capacity (``DeskQueries/setCapacity(_:of:)``), then reloads the roster (members the line
    /// promoted are on it).
    ///
    /// - Parameter capacity: The new capacity, 0 to 10 000.
    /// - Returns: `true`, or `nil` when another operation was running.
    /// - Throws: A ``DeskError`` for a refused operation, `CancellationError`, or what the client throws.
    @discardableResult
    public func setCapacity(_ capacity: Int) async throws -> Bool? {
        let (queries, sessionId) = (queries, sessionId)
        let result = try await storage.runExclusively(self, \.action) {
            try await queries.setCapacity(capacity, of: sessionId)
            return DeskActionResult.capacityChanged(capacity)
        }
        guard result != nil else { return nil }
        await refresh()
        return true
    }
}
