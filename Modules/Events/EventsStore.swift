import FitCore
import Foundation
import Observation

/// The Countdowns screen's state: the member's events, always sorted soonest first, with add, edit and
/// delete.
///
/// - `load()` follows ``LoadState``: first load vs. refetch, failures keep the list, cancellation changes
///   nothing, the latest request wins.
/// - Writes validate first (``Event/validated()``), then send one request, then apply the stored row to the
///   list. A failed write leaves the list as it was, exposes the error in ``error`` and rethrows it (so a
///   form can stay open); a cancelled write changes nothing and is not exposed. Concurrent writes each
///   apply their own change to the current list, so none is lost.
/// - Writes before the first load reach the database and then load the list, so it is never partial.
public final class EventsStore: Observable, Sendable {
    /// Everything the screen shows, changed only under the store's lock.
    public struct State: Sendable {
        /// The events, sorted soonest first.
        public var events = LoadState<[Event]>()

        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: EventQueries
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - client: the database, acting as the signed-in member.
    ///   - clock: what ``ticks()`` sleeps on.
    ///   - now: the current date for ``rows(formatter:)`` and ``ticks()``; pin it in tests.
    public init(
        client: any DatabaseClient,
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.queries = EventQueries(client: client)
        self.clock = clock
        self.now = now
    }

    public var state: State { storage.read(self, \.state) }

    /// The events, soonest first; empty until loaded.
    public var events: [Event] { state.events.value ?? [] }
    /// Whether the first load is running.
    public var isLoading: Bool { state.events.isLoading }
    /// Whether a reload is running while the list stays visible.
    public var isRefetching: Bool { state.events.isRefetching }
    /// The latest failure of a load or a write; cleared by the next success.
    public var error: (any Error)? { state.events.error }

    // MARK: Loading

    /// Loads the member's events. Returns when done.
    public func load() async {
        await storage.load(self, \.state, \.events) { [queries] in
            try await queries.fetchAll().sorted()
        }
    }

    // MARK: Writes

    /// Validates and inserts `event` (keeping its id) and puts the stored event in the list.
    /// - Throws: ``EventValidationError`` (nothing sent), or the database's error; either is also in ``error``.
    @discardableResult
    public func add(_ event: Event) async throws -> Event {
        try await write { [queries] in
            let stored = try await queries.insert(event.validated())
            return ({ events in events.removeAll { $0.id == stored.id }; events.append(stored) }, stored)
        }
    }

    /// Validates and saves the edited `event` (matched by id) and replaces it in the list.
    /// - Throws: ``EventValidationError`` (nothing sent), or the database's error (`PGRST116` when the
    ///   member has no such event); either is also in ``error``.
    @discardableResult
    public func update(_ event: Event) async throws -> Event {
        try await write { [queries] in
            let stored = try await queries.update(event.validated())
            return ({ events in events.removeAll { $0.id == stored.id }; events.append(stored) }, stored)
        }
    }

    /// Deletes the event with `id` (nothing happens for an id the member does not have).
    public func delete(id: UUID) async throws {
        try await delete(ids: [id])
    }

    /// Deletes the events at `offsets` in ``events``, what a swipe-to-delete hands over, in one request.
    /// Offsets outside the list are ignored.
    public func delete(atOffsets offsets: IndexSet) async throws {
        let current = events
        try await delete(ids: offsets.filter(current.indices.contains).map { current[$0].id })
    }

    private func delete(ids: [UUID]) async throws {
        guard !ids.isEmpty else { return }
        try await write { [queries] in
            let deleted = Set(try await queries.delete(ids: ids))
            return ({ events in events.removeAll { deleted.contains($0.id) } }, ())
        }
    }

    /// Runs one write: on success applies its change to the current list (re-sorted); on failure keeps the
    /// list, exposes the error (unless cancelled) and rethrows.
    private func write<Result: Sendable>(
        _ operation: () async throws -> (change: @Sendable (inout [Event]) -> Void, result: Result)
    ) async throws -> Result {
        let outcome: (change: @Sendable (inout [Event]) -> Void, result: Result)
        do {
            outcome = try await operation()
        } catch {
            if !(error is CancellationError) {
                storage.write(self, \.state) { $0.events.setError(error) }
            }
            throw error
        }
        let loaded = storage.write(self, \.state) { state -> Bool in
            guard var events = state.events.value else { return false }
            outcome.change(&events)
            state.events.set(events.sorted())
            return true
        }
        if !loaded { await load() }
        return outcome.result
    }

    // MARK: Display

    /// The rows the list shows at the current date.
    public func rows(formatter: DisplayFormatter) -> [EventRow] {
        EventRow.rows(for: events, now: now(), formatter: formatter)
    }

    /// Ticks that tell a screen when to rebuild its relative labels: every second while an event is within
    /// ``CountdownTicks/nearThreshold`` of now, every minute otherwise. Each tick is the current date.
    public func ticks() -> CountdownTicks {
        CountdownTicks(clock: clock, now: now) { [self] in events.map(\.date) }
    }
}
