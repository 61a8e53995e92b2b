import Foundation

/// The one interface every FitKit backend implements: run a ``DatabaseQuery`` and hand back the raw JSON.
///
/// Backends (``/FitInMemory/InMemoryDatabase``'s client, `PostgresDatabase`, …) interpret queries with
/// PostgreSQL and PostgREST semantics; decoding into Swift types happens once, in FitCore (see
/// ``FilterBuilder/execute()``). Feature code does not call ``run(_:)`` directly but builds requests with
/// ``from(_:)`` and ``rpc(_:params:)``.
public protocol DatabaseClient: Sendable {
    /// The role requests run as.
    var role: DatabaseRole { get }

    /// The same backend acting as `role`: the signed-in member, anonymous, or the service role.
    ///
    /// - Parameter role: The role the copy's requests run as.
    /// - Returns: A client over the same backend (the same data, connections and change feeds) whose ``role`` is
    ///   `role`.
    func acting(as role: DatabaseRole) -> Self

    /// Runs `query` and returns its JSON result: an array of rows, one object (`single`), an object or
    /// `null` (`maybeSingle`), or a function's result; and the count when one was asked for.
    ///
    /// - Parameter query: The request, as ``from(_:)`` or ``rpc(_:params:)`` built it.
    /// - Returns: The JSON body and, when ``DatabaseQuery/count`` asked for one, the number of matching rows.
    /// - Throws: ``DatabaseError`` when the database refuses the request (a constraint or row-level security violation,
    ///   an unknown table, column or function, a business rule's code a function raises (`P0001`, or a schema's own), `PGRST116` for a cardinality
    ///   mismatch); ``ConnectionError`` when the backend cannot be reached; `CancellationError` when the task is
    ///   cancelled.
    func run(_ query: DatabaseQuery) async throws -> RawResponse

    /// The committed changes to `table` (a table or a view) that the acting role may see, in commit order, from
    /// now until the consuming task is cancelled; narrowed by `filter` when given (`.condition(column:
    /// "session_id", operator: .eq, value: …)`).
    ///
    /// A backend that cannot follow changes finishes the sequence at once with
    /// ``ChangeFeedError/notSupported(backend:)`` (the default), never with an empty sequence that never ends.
    /// After a dropped connection a backend yields ``DatabaseChange/missedChanges(table:)`` so a follower reloads.
    ///
    /// - Parameters:
    ///   - table: The table or view to follow.
    ///   - filter: The condition a changed row must meet, or `nil` for every change the role may see.
    /// - Returns: A stream of ``DatabaseChange``s that ends when the consuming task is cancelled, or fails with the
    ///   backend's error (``ChangeFeedError/notSupported(backend:)`` for a backend without a change feed).
    func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error>
}

extension DatabaseClient {
    /// The default for a backend without a change feed: a stream that fails at once with
    /// ``ChangeFeedError/notSupported(backend:)``, naming the client type, so a follower reports the limitation instead
    /// of waiting forever.
    ///
    /// - Parameters:
    ///   - table: The table or view that would be followed (unused).
    ///   - filter: The condition that would narrow the changes (unused).
    /// - Returns: A stream that yields nothing and finishes with ``ChangeFeedError/notSupported(backend:)``.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        AsyncThrowingStream {
            $0.finish(throwing: ChangeFeedError.notSupported(backend: String(describing: Self.self)))
        }
    }

    /// The changes to `table`, unfiltered.
    ///
    /// - Parameter table: The table or view to follow.
    /// - Returns: ``changes(to:where:)`` with no filter: every committed change to `table` the acting role may see.
    public func changes(to table: String) -> AsyncThrowingStream<DatabaseChange, any Error> {
        changes(to: table, where: nil)
    }
}

extension DatabaseClient {
    /// Starts a request on a table or view: `client.from("todos").select().eq("id", value: id)`.
    ///
    /// - Parameter table: The table or view name, as in the schema (`"todos"`).
    /// - Returns: A ``TableQueryBuilder`` on which to choose the operation (`select`, `insert`, `update`, `upsert`,
    ///   `delete`).
    public func from(_ table: String) -> TableQueryBuilder {
        TableQueryBuilder(client: self, table: table)
    }

    /// Calls a database function with named arguments, e.g. `client.rpc("lend_book", params: ["book_id": id])`.
    ///
    /// - Parameters:
    ///   - function: The database function's name (`"lend_book"`).
    ///   - params: The named arguments: an `Encodable` value whose encoded keys (snake_case) are the argument names.
    /// - Returns: A ``FilterBuilder`` for the call; filters and ``FilterBuilder/single()`` apply to a function that
    ///   returns rows. If `params` cannot be encoded, the builder keeps the `EncodingError` and
    ///   ``FilterBuilder/execute()`` throws it without sending anything.
    public func rpc(_ function: String, params: some Encodable & Sendable) -> FilterBuilder {
        rpc(function, params: params, head: false, get: false, count: nil)
    }

    /// Calls a database function, as supabase-swift's `rpc(_:params:head:get:count:)` does.
    ///
    /// - Parameters:
    ///   - function: The database function's name.
    ///   - params: The named arguments: an `Encodable` value whose encoded keys (snake_case) are the argument names.
    ///   - head: Whether to return only the count, no body (`HEAD`).
    ///   - get: Whether the call must not write (`GET`, arguments in the URL): PostgREST runs it in a read-only
    ///     transaction, and a function that writes fails with `25006`.
    ///   - count: How to count the result's rows (an array result's elements; any other result is one row), or `nil`.
    /// - Returns: A ``FilterBuilder`` for the call. If `params` cannot be encoded, the builder keeps the
    ///   `EncodingError` and ``FilterBuilder/execute()`` throws it without sending anything.
    public func rpc(
        _ function: String, params: some Encodable & Sendable, head: Bool = false, get: Bool = false,
        count: CountOption? = nil
    ) -> FilterBuilder {
        var query = DatabaseQuery(target: function, operation: .rpc, count: count, head: head)
        query.isReadOnly = get || head
        do {
            query.body = try WireCoding.jsonValue(of: params)
            return FilterBuilder(client: self, query: query)
        } catch {
            return FilterBuilder(client: self, query: query, failure: .encoding(error))
        }
    }

    /// Calls a database function that takes no arguments.
    ///
    /// - Parameters:
    ///   - function: The database function's name.
    ///   - head: Whether to return only the count, no body (`HEAD`).
    ///   - get: Whether the call must not write (`GET`): a function that writes fails with `25006`.
    ///   - count: How to count the result's rows, or `nil` (the default).
    /// - Returns: A ``FilterBuilder`` for the call, with an empty argument object.
    public func rpc(_ function: String, head: Bool = false, get: Bool = false, count: CountOption? = nil)
        -> FilterBuilder
    {
        rpc(function, params: [String: String](), head: head, get: get, count: count)
    }
}
