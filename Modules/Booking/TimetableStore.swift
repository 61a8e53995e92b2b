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
        public init() {}
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
        let lowerBound = max(from, now())
        await storage.load(self, \.state, \.timetable) {
            let sessions = try await queries.timetable(from: lowerBound, to: to, studioId: studioId)
            return Timetable(sessions: sessions, locale: locale)
        }
    }
}
