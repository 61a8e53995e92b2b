import FitCore
import Foundation

/// The inbox's requests: read the member's notifications, mark them read, and follow them.
public struct NotificationsQueries: Sendable {
    /// The client requests go through, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Queries over `client`.
    ///
    /// - Parameter client: Any backend's client, acting as the member.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The member's notifications, newest first.
    ///
    /// - Parameters:
    ///   - unreadOnly: Only the ones not read yet; all by default.
    ///   - limit: At most this many; 100 by default.
    /// - Returns: The notifications, newest first (ties by id).
    /// - Throws: What the client throws.
    public func inbox(unreadOnly: Bool = false, limit: Int = 100) async throws -> [MemberNotification] {
        var query = client.from("notifications")
            .select(
                "id, member_id, kind, class_session_id, booking_id, reason, amount, starts_at, created_at, read_at")
        if unreadOnly { query = query.is("read_at", value: nil) }
        return try await query.order("created_at", ascending: false).order("id").limit(limit).execute().value
    }

    /// Marks some of the member's notifications read; ids of others' rows, unknown ids and rows already read are left
    /// as they are.
    ///
    /// - Parameter ids: The notifications.
    /// - Returns: How many were marked.
    /// - Throws: `FB009` / `FB010` as a ``/FitCore/DatabaseError`` when nobody (or no member) is signed in, or what the
    ///   client throws (FitOffline's `OfflineError.requiresServer` offline).
    @discardableResult
    public func markRead(ids: [UUID]) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try await client.rpc(
            "mark_notifications_read", params: ["notification_ids": ids.map { $0.uuidString.lowercased() }]
        ).execute().value
    }

    /// The committed changes to the member's inbox (a new notification, one marked read).
    ///
    /// - Returns: The `notifications` change feed of the acting member.
    public func followInbox() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "notifications")
    }
}
