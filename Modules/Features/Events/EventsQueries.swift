import FitCore
import Foundation

/// Every request the Events feature sends, over the `events` table. Row-level security limits each one
/// to the acting member's rows; inserts take `member_id` from `auth.uid()`.
public struct EventsQueries: Sendable {
    /// The backend, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Creates the Events requests over `client`.
    ///
    /// - Parameter client: The backend, acting as the signed-in member; an anonymous client sees and may write no
    ///   events.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The columns an ``Event`` is read from.
    static let columns = "id, title, date, text_color, image_data"

    /// The member's events, soonest first (date, title, id).
    ///
    /// - Returns: Every event of the acting member, ordered by date, then title, then id.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, `CancellationError` when the task is cancelled;
    ///   ``/FitCore/ResponseDecodingError`` when a row does not decode, or ``EventValidationError`` when a stored date
    ///   or colour is invalid.
    public func getEvents() async throws -> [Event] {
        try await client.from("events").select(Self.columns)
            .order("date").order("title").order("id")
            .execute().value
    }

    /// One event, or `nil` when the member has none with that id.
    ///
    /// - Parameter id: The event's id.
    /// - Returns: The stored event, or `nil` when the member has no event with `id` (never created, deleted, or someone
    ///   else's).
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, `CancellationError` when the task is cancelled;
    ///   ``/FitCore/ResponseDecodingError`` when a row does not decode, or ``EventValidationError`` when a stored date
    ///   or colour is invalid.
    public func getEvent(id: UUID) async throws -> Event? {
        try await client.from("events").select(Self.columns).eq("id", value: id).maybeSingle().execute().value
    }

    /// Stores `event` with its own id and returns the stored row. Saving the same new event again (an add
    /// form saved twice, or a retry after a lost answer) updates it instead of failing: the id is the
    /// client's, so the write is idempotent.
    ///
    /// - Parameter event: The event to store, with the id it keeps; validate it first (``Event/validated()``), the
    ///   table's checks reject what validation would (`23514`).
    /// - Returns: The row as stored.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request (`23514` when a check rejects the
    ///   title or colour), ``/FitCore/ConnectionError`` when the backend cannot be reached, `CancellationError` when
    ///   the task is cancelled; ``/FitCore/ResponseDecodingError`` or ``EventValidationError`` when the stored row
    ///   does not decode.
    public func createEvent(_ event: Event) async throws -> Event {
        try await client.from("events").upsert(event, onConflict: "id").select(Self.columns).single().execute().value
    }

    /// Replaces the title, date, colour and image of the event with `event.id`; returns the stored row.
    /// - Parameter event: The edited event; its id picks the row.
    /// - Returns: The row as stored.
    /// - Throws: ``EventsError/eventNotFound(_:)`` when the member has no such event; otherwise what
    ///   ``createEvent(_:)`` throws.
    public func updateEvent(_ event: Event) async throws -> Event {
        guard
            let stored: Event = try await client.from("events").update(event).eq("id", value: event.id)
                .select(Self.columns).maybeSingle().execute().value
        else { throw EventsError.eventNotFound(event.id) }
        return stored
    }

    /// Deletes the member's events with these ids in one request; returns the ids actually deleted.
    ///
    /// - Parameter ids: The events to delete; ids the member does not have are ignored, and an empty list deletes
    ///   nothing.
    /// - Returns: The ids of the rows deleted, in no particular order.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, `CancellationError` when the task is cancelled.
    @discardableResult
    public func deleteEvents(ids: [UUID]) async throws -> [UUID] {
        struct Deleted: Decodable, Sendable { var id: UUID }
        let rows: [Deleted] = try await client.from("events").delete().in("id", values: ids).select("id").execute()
            .value
        return rows.map(\.id)
    }

    /// The committed changes to the member's events (from any device or window), as the backend's change feed
    /// reports them.
    ///
    /// - Returns: The `events` change feed for the acting member (see ``/FitCore/DatabaseClient/changes(to:)``); it
    ///   fails with ``/FitCore/ChangeFeedError/notSupported(backend:)`` on a backend without one.
    public func followEvents() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "events")
    }
}
