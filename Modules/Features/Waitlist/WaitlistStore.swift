import Booking
import FitCore
import FitStores
import Foundation
import Notifications
import Observation

/// The waitlist of the classes a screen shows: their lines, what the member can do about each, and the events of the
/// member's entries (a promotion, a pass-over, a closed list) as they happen.
///
/// The events come from the member's inbox (``/Notifications/NotificationsStore``), so a store made after a relaunch
/// still reports a promotion the app was closed for: each unread waitlist notification is reported once per store.
/// Actions run one at a time: a second tap while one runs is ignored (``run(_:)`` returns `nil`).
///
/// ```swift
/// let waitlist = WaitlistStore(queries: WaitlistQueries(client: client))
/// await waitlist.load(sessionIds: [session.sessionId])
/// if let action = waitlist.action(for: session) { try await waitlist.run(action) }   // "Join waitlist"
/// for await event in waitlist.events { notify(event.message) }                        // "You're in: …"
/// ```
public final class WaitlistStore: LoadingStore {
    /// Everything the screen shows.
    public struct State: Sendable {
        /// The lines of the loaded classes, by class id.
        public var lines = LoadState<[UUID: WaitlistLine]>()
        /// The member's entries, by id, as last loaded.
        public var entries: [UUID: WaitlistEntry] = [:]
        /// Whether a join or leave is running (the button is disabled meanwhile).
        public var isActing = false
    }

    public static var loadState: KeyPath<State, LoadState<[UUID: WaitlistLine]>> { \.lines }

    private let storage = StoreStorage(State())
    private let queries: WaitlistQueries
    private let inbox: NotificationsQueries
    private let now: @Sendable () -> Date
    private let sessionIds = LockedState<[UUID]>([])
    private let tracking = LockedState(EventTracking())
    private let continuation: AsyncStream<WaitlistEvent>.Continuation

    /// The events of the member's entries, as loads find them: each unread promotion, pass-over and closed line of
    /// the member's inbox, and a line the member was seen waiting in that has closed since (once per class). One
    /// consumer reads them (an app's banner code); mark the inbox read to stop a relaunched app reporting them again.
    public let events: AsyncStream<WaitlistEvent>

    /// A store over `queries`.
    ///
    /// - Parameters:
    ///   - queries: The waitlist's requests, acting as the member.
    ///   - now: The current time, for whether a list has closed; the real time by default.
    public init(queries: WaitlistQueries, now: @escaping @Sendable () -> Date = { Date() }) {
        self.queries = queries
        self.inbox = NotificationsQueries(client: queries.client)
        self.now = now
        (events, continuation) = AsyncStream.makeStream(of: WaitlistEvent.self)
    }

    deinit { continuation.finish() }

    public var state: State { storage.read(self) }

    /// The line of a class, when loaded.
    ///
    /// - Parameter sessionId: The class.
    /// - Returns: Its line, or `nil` when it was not loaded.
    public func line(for sessionId: UUID) -> WaitlistLine? { state.lines.value?[sessionId] }

    /// What the member can do about a class's line while it is open: join a full class they have not booked, leave
    /// while in line; `nil` otherwise (the list closed — its cutoff passed, the class was cancelled or started —, the
    /// class has spots, or is booked).
    ///
    /// - Parameter session: The class, as the timetable or the details screen shows it.
    /// - Returns: The action, or `nil`.
    public func action(for session: BookableSession) -> WaitlistAction? {
        guard let line = line(for: session.sessionId), line.isOpen, !session.isCancelled, now() < line.closesAt,
            let start = session.startTime, now() < start
        else { return nil }
        if line.place != nil { return .leave(sessionId: session.sessionId) }
        guard !session.isBooked, session.spotsRemaining == 0 else { return nil }
        return .join(sessionId: session.sessionId)
    }

    /// Loads the lines of some classes, the member's entries and their unread inbox, and reports as ``events`` what
    /// has not been reported yet, once, whichever load finds it.
    ///
    /// - Parameter sessionIds: The classes the screen shows; the ones of the last call when `nil`.
    public func load(sessionIds: [UUID]? = nil) async {
        if let sessionIds { self.sessionIds.withLock { $0 = sessionIds } }
        let ids = self.sessionIds.value
        var found: [WaitlistEvent] = []
        await storage.load(self, \.lines) { [queries, inbox, storage, tracking] in
            async let lines = queries.lines(for: ids)
            async let unread = inbox.inbox(unreadOnly: true)
            let entries = try await queries.entries()
            let loaded = try await lines
            let notifications = try await unread
            let byId = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            storage.write(self) { $0.entries = byId }
            found = tracking.withLock { $0.news(inbox: notifications, entries: entries) }
            return loaded
        }
        for event in found { continuation.yield(event) }
    }

    /// Loads the lines of the classes of the last ``load(sessionIds:)`` again (pull to refresh).
    public func refresh() async { await load() }

    /// Joins or leaves a class's line, then reloads the lines. One action runs at a time: a call made while one runs
    /// (a double tap) sends nothing and returns `nil`.
    ///
    /// - Parameter action: What ``action(for:)`` offered.
    /// - Returns: The entry as the backend answered, or `nil` when another action was running.
    /// - Throws: A ``WaitlistError``, `BookingError.notSignedIn` or `.noMemberProfile`, or what the client throws;
    ///   the error is also shown as ``error``.
    @discardableResult
    public func run(_ action: WaitlistAction) async throws -> WaitlistEntry? {
        let started = storage.write(self) { state -> Bool in
            guard !state.isActing else { return false }
            state.isActing = true
            return true
        }
        guard started else { return nil }
        defer { storage.write(self) { $0.isActing = false } }
        let entry = try await storage.write(self, \.lines) { [queries] in
            switch action {
            case .join(let id): try await queries.join(sessionId: id)
            case .leave(let id): try await queries.leave(sessionId: id)
            }
        } apply: { _, _ in
            // The lines are read again below: a join or leave moves everyone's place.
        } reload: {
        }
        if entry.status == .waiting { tracking.withLock { _ = $0.seenWaiting.insert(entry.id) } }
        await load()
        return entry
    }

    /// Follows the member's entries, their inbox and the lines of the loaded classes until cancelled: a promotion, a
    /// pass-over or a closed list reloads the lines and reaches ``events`` without the app asking, and the member's
    /// place moves as others ahead leave or are promoted (through the classes' `waiting_count`, which every member may
    /// read).
    ///
    /// - Parameter pacing: How far apart reloads start while changes keep coming; a second by default.
    public func follow(pacing: ReloadPacing = .standard) async {
        let feeds = [queries.followEntries(), inbox.followInbox(), queries.followLines(of: sessionIds.value)]
        await storage.follow(self, \.lines, changes: feeds, pacing: pacing) { [self] in
            await self.load()
        }
    }
}
