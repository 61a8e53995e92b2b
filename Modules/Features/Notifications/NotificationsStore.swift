import FitCore
import FitStores
import Foundation
import Observation

/// The member's inbox for a screen and for in-app banners: what the rules did to the member (a promotion, a
/// pass-over, a closed line, a cancelled or moved class, a refund), read from the database, so an app relaunched
/// after the fact still shows it.
///
/// Loads follow ``/FitStores/LoadState``; concurrent loads: latest request wins. ``news`` yields each unread
/// notification once per store, as loads find it, so a relaunched app is told again about what the member has not
/// read: mark it read (``markRead(_:)``, ``markAllRead()``) when the member has seen it.
///
/// ```swift
/// let inbox = NotificationsStore(queries: NotificationsQueries(client: client))
/// Task { for await notification in inbox.news { showBanner(notification) } }
/// await inbox.follow()
/// ```
public final class NotificationsStore: LoadingStore {
    /// Everything the store shows.
    public struct State: Sendable {
        /// The member's notifications, newest first, and their loading state.
        public var notifications = LoadState<[MemberNotification]>()
        /// Nothing loaded yet.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: NotificationsQueries
    private let now: @Sendable () -> Date
    private let told = LockedState<Set<UUID>>([])
    private let continuation: AsyncStream<MemberNotification>.Continuation

    /// Each unread notification once, oldest first within a load, as loads find it; one consumer reads them.
    public let news: AsyncStream<MemberNotification>

    /// Creates a store that loads through `queries`.
    ///
    /// - Parameters:
    ///   - queries: The inbox's requests, acting as the signed-in member.
    ///   - now: The current time, shown as a notification's read time until the next load; the real time by default.
    public init(queries: NotificationsQueries, now: @escaping @Sendable () -> Date = { Date() }) {
        self.queries = queries
        self.now = now
        (news, continuation) = AsyncStream.makeStream(of: MemberNotification.self)
    }

    deinit { continuation.finish() }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<[MemberNotification]>> { \.notifications }
    /// The notifications as last loaded, newest first; empty before the first load.
    public var notifications: [MemberNotification] { state.notifications.value ?? [] }
    /// How many are unread (a badge).
    public var unreadCount: Int { notifications.count { $0.isUnread } }

    /// Loads (or reloads) the inbox, then yields the unread notifications this store has not yielded yet to ``news``.
    public func load() async {
        await storage.load(self, \.notifications) { try await queries.inbox() }
        let unread = notifications.filter(\.isUnread).reversed()
        let fresh = told.withLock { told in unread.filter { told.insert($0.id).inserted } }
        for notification in fresh { continuation.yield(notification) }
    }

    /// Reloads, keeping the shown inbox while it runs (same as ``load()``; named for `.refreshable`).
    public func refresh() async { await load() }

    /// Marks notifications read, then shows them read.
    ///
    /// - Parameter ids: The notifications the member has seen.
    /// - Throws: What ``NotificationsQueries/markRead(ids:)`` throws, also shown as ``/FitStores/LoadingStore/error``;
    ///   a cancellation is rethrown without being shown.
    public func markRead(_ ids: [UUID]) async throws {
        let now = now()
        let marked = Set(ids)
        _ = try await storage.write(self, \.notifications) { [queries] in
            try await queries.markRead(ids: ids)
        } apply: { notifications, _ in
            for index in notifications.indices where marked.contains(notifications[index].id) {
                notifications[index].readAt = notifications[index].readAt ?? now
            }
        } reload: {
            await load()
        }
    }

    /// Marks every loaded unread notification read.
    ///
    /// - Throws: What ``markRead(_:)`` throws.
    public func markAllRead() async throws {
        try await markRead(notifications.filter(\.isUnread).map(\.id))
    }

    /// Follows the inbox until the calling task is cancelled (SwiftUI: `.task { await inbox.follow() }`): it loads
    /// at once, then after every change the backend reports, and each new unread notification reaches ``news``.
    ///
    /// - Parameter pacing: How far apart reloads start while changes keep coming; a second by default.
    public func follow(pacing: ReloadPacing = .standard) async {
        await storage.follow(self, \.notifications, changes: [queries.followInbox()], pacing: pacing) {
            [self] in await self.load()
        }
    }
}
