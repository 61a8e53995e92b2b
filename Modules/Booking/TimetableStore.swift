import FitCore
import Foundation
import Observation

/// The upcoming classes in a date range, grouped by local day, each with the member's booked flag.
///
/// One request per load (the view carries the acting member's booking). Loads follow ``LoadState``:
/// first load `isLoading`, later ones `isRefetching` with the old timetable visible; a failure keeps it
/// and sets `error`; a cancelled load changes nothing; concurrent loads: latest request wins.
public final class TimetableStore: Observable, Sendable {
    /// Everything the store shows.
    public struct State: Sendable {
        public var timetable = LoadState<Timetable>()
        /// The range and studio of the latest ``TimetableStore/load(from:to:studioId:)``, what a refresh reloads.
        public var window: Window?
        public init() {}
    }

    /// Which classes a load asked for.
    public struct Window: Sendable, Hashable {
        public var from: Date
        public var to: Date
        public var studioId: UUID?

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
    ///   - now: the current time; sessions that started before it are not "upcoming".
    public init(queries: BookingQueries, locale: Locale, now: @escaping @Sendable () -> Date) {
        self.queries = queries
        self.locale = locale
        self.now = now
    }

    public var state: State { storage.read(self, \.state) }
    public var timetable: Timetable? { state.timetable.value }
    public var days: [TimetableDay] { timetable?.days ?? [] }
    public var isLoading: Bool { state.timetable.isLoading }
    public var isRefetching: Bool { state.timetable.isRefetching }
    public var error: (any Error)? { state.timetable.error }

    /// Loads the sessions starting in `[max(from, now), to)`, optionally at one studio; returns when done.
    public func load(from: Date, to: Date, studioId: UUID? = nil) async {
        let window = Window(from: from, to: to, studioId: studioId)
        storage.write(self, \.state) { $0.window = window }
        let lowerBound = max(from, now())
        await storage.load(self, \.state, \.timetable) { [queries, locale] in
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
    public func follow() async {
        await storage.follow(self, \.state, \.timetable, changes: [queries.followBookableSessions()]) { [self] in
            await self.refresh()
        }
    }
}
