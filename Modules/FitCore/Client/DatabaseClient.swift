import Foundation

/// The one interface every FitKit backend implements: run a ``DatabaseQuery`` and hand back the raw JSON.
///
/// Backends (``InMemoryDatabase``'s client, `PostgresDatabase`, …) interpret queries with PostgreSQL and
/// PostgREST semantics; decoding into Swift types happens once, in FitCore (see ``FilterBuilder/execute()``).
/// Feature code does not call ``run(_:)`` directly but builds requests with ``from(_:)`` and ``rpc(_:params:)``.
public protocol DatabaseClient: Sendable {
    /// The role requests run as.
    var role: DatabaseRole { get }

    /// The same backend acting as `role`: the signed-in member, anonymous, or the service role.
    func acting(as role: DatabaseRole) -> Self

    /// Runs `query` and returns its JSON result: an array of rows, one object (`single`), an object or
    /// `null` (`maybeSingle`), or a function's result; and the count when one was asked for.
    func run(_ query: DatabaseQuery) async throws -> RawResponse

    /// The committed changes to `table` (a table or a view) that the acting role may see, in commit order, from
    /// now until the consuming task is cancelled; narrowed by `filter` when given (`.condition(column:
    /// "session_id", operator: .eq, value: …)`).
    ///
    /// A backend that cannot follow changes finishes the sequence at once with
    /// ``ChangeFeedError/notSupported(backend:)`` (the default), never with an empty sequence that never ends.
    /// After a dropped connection a backend yields ``DatabaseChange/missedChanges(table:)`` so a follower reloads.
    func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error>
}

extension DatabaseClient {
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        AsyncThrowingStream {
            $0.finish(throwing: ChangeFeedError.notSupported(backend: String(describing: Self.self)))
        }
    }

    /// The changes to `table`, unfiltered.
    public func changes(to table: String) -> AsyncThrowingStream<DatabaseChange, any Error> {
        changes(to: table, where: nil)
    }
}

extension DatabaseClient {
    /// Starts a request on a table or view: `client.from("events").select().eq("id", value: id)`.
    public func from(_ table: String) -> TableQueryBuilder {
        TableQueryBuilder(client: self, table: table)
    }

    /// Calls a database function with named arguments, e.g. `client.rpc("book_session", params: ["session_id": id])`.
    public func rpc(_ function: String, params: some Encodable & Sendable) -> FilterBuilder {
        do {
            let body = try WireCoding.jsonValue(of: params)
            return FilterBuilder(client: self, query: DatabaseQuery(target: function, operation: .rpc, body: body))
        } catch {
            return FilterBuilder(
                client: self, query: DatabaseQuery(target: function, operation: .rpc), failure: .encoding(error))
        }
    }

    /// Calls a database function that takes no arguments.
    public func rpc(_ function: String) -> FilterBuilder {
        FilterBuilder(client: self, query: DatabaseQuery(target: function, operation: .rpc, body: .object([:])))
    }
}
