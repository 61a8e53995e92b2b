import FitCore
import FitStores
import Foundation
import Observation

/// The upcoming classes in a date range, grouped by local day, each with the member's booked flag.
///
/// One request per load (the view carries the acting member's booking). Loads follow ``/FitStores/LoadingStore``'s rules.
public final class TimetableStore: LoadingStore {
    /// Everything the store shows.
    public struct State: Sendable {
        /// The loaded timetable and its loading, refetching and error state.
        public var timetable = LoadState<Timetable>()
        /// The range and studio of the latest ``TimetableStore/load(from:to:studioId:)``, what a refresh reloads.
        public var window: Window?
        /// Nothing loaded and no window asked for yet.
        public init() {}
    }

    /// Which classes a load asked for.
    public struct Window: Sendable, Hashable {
        /// The earliest start asked for (inclusive).
        public var from: Date
        /// The latest start asked for (exclusive).
        public var to: Date
        /// The one studio asked for, or `nil` for every studio.
        public var studioId: UUID?

        /// Creates a window of classes starting in `[from, to)`.
        ///
        /// - Parameters:
        ///   - from: The earliest start (inclusive).
        ///   - to: The latest start (exclusive).
        ///   - studioId: One studio, or `nil` for all.
        public init(from: Date, to: Date, studioId: UUID?) {
            self.from = from
            self.to = to
            self.studioId = studioId
        }
    }

    private let storage = StoreStorage(State())
    private let queries: BookingQueries
    private let locale: Locale
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - queries: the Booking requests.
    ///   - locale: for day headings.
    ///   - now: the current time; sessions that started before it are not "upcoming". The real time by default.
    public init(queries: BookingQueries, locale: Locale, now: @escaping @Sendable () -> Date = { Date() }) {
        self.queries = queries
        self.locale = locale
        self.now = now
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<Timetable>> { \.timetable }
    /// The last loaded timetable; `nil` until the first load succeeds.
    public var timetable: Timetable? { state.timetable.value }
    /// The loaded days, in date order; empty until loaded.
    public var days: [TimetableDay] { timetable?.days ?? [] }

    /// Loads the sessions starting in `[max(from, now), to)`, optionally at one studio; returns when done.
    ///
    /// The range is remembered for ``refresh()`` and ``follow(pacing:)``; a failure is shown in ``error``, not thrown.
    ///
    /// - Parameters:
    ///   - from: The earliest start; classes that started before the store's `now` are left out anyway.
    ///   - to: The latest start, excluded.
    ///   - studioId: The studio, or `nil` (the default) for every studio.
    public func load(from: Date, to: Date, studioId: UUID? = nil) async {
        let window = Window(from: from, to: to, studioId: studioId)
        storage.write(self) { $0.window = window }
        let lowerBound = max(from, now())
        await storage.load(self, \.timetable) { [queries, locale] in
            let sessions = try await queries.getTimetable(from: lowerBound, to: to, studioId: studioId)
            return Timetable(sessions: sessions, locale: locale)
        }
    }

    /// Reloads the latest range (after a booking, or for `.refreshable`), keeping the timetable visible while it
    /// runs; before any load it does nothing.
    public func refresh() async {
        guard let window = state.window else { return }
        await load(from: window.from, to: window.to, studioId: window.studioId)
    }

    /// Follows what other windows and devices write until the calling task is cancelled (SwiftUI:
    /// `.task { await store.follow() }`): it reloads at once, then after every change the backend reports, with
    /// the loading rules of ``refresh()`` (see `StoreStorage.follow`). A backend without a change feed exposes
    /// `ChangeFeedError.notSupported` in ``error`` and the call returns.
    ///
    /// - Parameter pacing: How far apart reloads start while changes keep coming; a second by default.
    public func follow(pacing: ReloadPacing = .standard) async {
        await storage.follow(self, \.timetable, changes: [queries.followBookableSessions()], pacing: pacing) {
            [self] in
            await self.refresh()
        }
    }
}
