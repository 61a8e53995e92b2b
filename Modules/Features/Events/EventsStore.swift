import FitCore
import FitStores
import Foundation
import Observation

/// The Countdowns screen's state: the member's events, always sorted soonest first, with add, edit and
/// delete.
///
/// - Loads and writes follow ``/FitStores/LoadingStore``'s rules (a failed validation is a failed write).
/// - Writes validate first (``Event/validated()``), then send one request, then apply the stored row to the
///   list. Concurrent writes each apply their own change to the current list, so none is lost.
/// - A write before the first load reaches the database and then loads the list, so it shows up and the
///   list is never partial.
/// - Adding an event whose id is already stored (the same add form saved twice) updates it.
public final class EventsStore: LoadingStore {
    /// Everything the screen shows, changed only under the store's lock.
    public struct State: Sendable {
        /// The events, sorted soonest first.
        public var events = LoadState<[Event]>()

        /// An empty state: no events loaded, nothing running, no error.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: EventsQueries
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - queries: the requests, acting as the signed-in member.
    ///   - clock: what ``ticks()`` sleeps on.
    ///   - now: the current date for ``rows(formatter:)`` and ``ticks()``; pin it in tests.
    public init(
        queries: EventsQueries,
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.queries = queries
        self.clock = clock
        self.now = now
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<[Event]>> { \.events }

    /// The events, soonest first; empty until loaded.
    public var events: [Event] { state.events.value ?? [] }

    // MARK: Loading

    /// Loads the member's events. Returns when done.
    public func load() async {
        await storage.load(self, \.events) { [queries] in
            try await queries.getEvents().sorted()
        }
    }

    /// Reloads, keeping the list visible while it runs (the same as ``load()``; named for `.refreshable`).
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
        await storage.follow(self, \.events, changes: [queries.followEvents()], pacing: pacing) { [self] in
            await self.refresh()
        }
    }

    // MARK: Writes

    /// Validates and stores the new `event` (keeping its id) and puts the stored event in the list. Saving the
    /// same event again updates it.
    /// - Parameter event: The new event, with the id it keeps.
    /// - Returns: The event as stored (title trimmed).
    /// - Throws: ``EventValidationError`` (nothing sent), or the database's error; either is also in ``error``.
    @discardableResult
    public func add(_ event: Event) async throws -> Event {
        try await write { [queries] in
            try await queries.createEvent(event.validated())
        } apply: { events, stored in
            events.removeAll { $0.id == stored.id }
            events.append(stored)
        }
    }

    /// Validates and saves the edited `event` (matched by id) and replaces it in the list.
    /// - Parameter event: The edited event; its id says which one.
    /// - Returns: The event as stored (title trimmed).
    /// - Throws: ``EventValidationError`` (nothing sent), ``EventsError/eventNotFound(_:)`` when the member has
    ///   no such event, or the database's error; each is also in ``error``.
    @discardableResult
    public func update(_ event: Event) async throws -> Event {
        try await write { [queries] in
            try await queries.updateEvent(event.validated())
        } apply: { events, stored in
            events.removeAll { $0.id == stored.id }
            events.append(stored)
        }
    }

    /// Deletes the event with `id` (nothing happens for an id the member does not have).
    ///
    /// - Parameter id: The event to delete.
    /// - Throws: The database's error (``/FitCore/DatabaseError``, ``/FitCore/ConnectionError``), also exposed in
    ///   ``error``; the list is unchanged. A cancellation is rethrown and not exposed.
    public func delete(id: UUID) async throws {
        try await delete(ids: [id])
    }

    /// Deletes the events at `offsets` in ``events``, what a swipe-to-delete hands over, in one request.
    /// Offsets outside the list are ignored.
    ///
    /// - Parameter offsets: Positions in ``events`` as the list showed them.
    /// - Throws: The database's error (``/FitCore/DatabaseError``, ``/FitCore/ConnectionError``), also exposed in
    ///   ``error``; the list is unchanged. A cancellation is rethrown and not exposed.
    public func delete(atOffsets offsets: IndexSet) async throws {
        let current = events
        try await delete(ids: offsets.filter(current.indices.contains).map { current[$0].id })
    }

    private func delete(ids: [UUID]) async throws {
        guard !ids.isEmpty else { return }
        _ = try await write { [queries] in
            Set(try await queries.deleteEvents(ids: ids))
        } apply: { events, deleted in
            events.removeAll { deleted.contains($0.id) }
        }
    }

    /// One write through the shared store path; the list stays sorted.
    private func write<Output: Sendable>(
        _ operation: () async throws -> Output, apply: (inout [Event], Output) -> Void
    ) async throws -> Output {
        try await storage.write(self, \.events, operation: operation) { events, output in
            apply(&events, output)
            events.sort()
        } reload: {
            await load()
        }
    }

    // MARK: Display

    /// The rows the list shows at the current date.
    ///
    /// - Parameter formatter: Formats the relative dates, in the member's locale.
    /// - Returns: One ``EventRow`` per event in ``events``, soonest first, with labels relative to `now` read once;
    ///   empty until loaded.
    public func rows(formatter: DisplayFormatter) -> [EventRow] {
        EventRow.rows(for: events, now: now(), formatter: formatter)
    }

    /// Ticks that tell a screen when to rebuild its relative labels: every second while an event is within
    /// ``CountdownTicks/nearThreshold`` of now, every minute otherwise. Each tick is the current date.
    ///
    /// - Returns: An endless ``CountdownTicks`` on the store's clock and `now`, which reads the current ``events``
    ///   before each sleep, so adding an event soon speeds it up.
    public func ticks() -> CountdownTicks {
        CountdownTicks(clock: clock, now: now) { [self] in events.map(\.date) }
    }
}
