import FitCore

extension SupabaseDatabase {
    /// How many change streams follow through this database's Realtime socket now (a view's stream counts once per
    /// table it follows); they leave when their task is cancelled.
    public var changeFollowerCount: Int { realtimeSocket?.followerCount ?? 0 }

    /// How many Realtime channels the socket holds: followers of the same table, filter and role share one, so a screen
    /// of many stores stays well below a project's 100 channels per client.
    public var realtimeChannelCount: Int { realtimeSocket?.channelCount ?? 0 }

    /// The committed changes to `table` that this member may see, through Supabase Realtime's `postgres_changes`:
    /// the same ``/FitCore/DatabaseChange`` stream as every backend's.
    ///
    /// One socket per database (shared by every copy made with ``acting(as:)``), one channel per followed table, filter
    /// and role, shared by its followers. Realtime checks an insert or an update against row-level security with the member's token; a delete
    /// is not checked and carries only the row's key. Postgres changes are never replayed, so every confirmed
    /// (re)subscription — the first, and each after a reconnect, a rejoin or a channel closed for an expired token —
    /// is reported as ``/FitCore/DatabaseChange/missedChanges(table:)``: a follower reloads and misses nothing. A
    /// view follows the tables its ``/FitCore/ViewFeed`` names (Realtime publishes tables only).
    ///
    /// The stream fails with ``/FitCore/ChangeFeedError/notSupported(backend:)`` without a Realtime transport (on
    /// Linux by default: see ``RealtimeConfiguration/platformDefault``),
    /// ``/FitCore/ChangeFeedError/filterNotSupported(backend:filter:)`` for a filter Realtime cannot say,
    /// ``/FitCore/ChangeFeedError/notPublished(table:reason:)`` when Realtime refuses the table (not in the
    /// `supabase_realtime` publication), a ``RealtimeRefusal`` naming the server's reason for any other refusal for
    /// good (a bad filter, private channels only, a refused token, a rate limit) or for passing trouble that lasted
    /// over a minute, and ``/FitCore/ConnectionError`` (`.unreachable`) when the socket never opens (three attempts: a
    /// wrong URL or key, a paused project, no Realtime there); once it has opened, an outage is retried without end and
    /// reported as missed changes when it is over. Realtime never announces a row that leaves a filter and drops
    /// changes past a project's rate limits: every ``RealtimeConfiguration/resyncInterval`` each follower is told it
    /// may have missed changes. A view's first subscription is reported once, when the channels
    /// of all its tables are subscribed. It ends when the caller's task is cancelled.
    ///
    /// - Parameters:
    ///   - table: A table, or a view with a ``RealtimeConfiguration/viewFeeds`` entry.
    ///   - filter: One column compared with `eq`, `neq`, `lt`, `lte`, `gt`, `gte` or `in`; `nil` for every row.
    /// - Returns: The changes, until the task is cancelled.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        changes(to: table, inSchema: schemaName, where: filter)
    }

    /// The committed changes to `table` of `schema` (as `client.schema(schema).changes(to:)` asks): see
    /// ``changes(to:where:)``.
    ///
    /// - Parameters:
    ///   - table: A table, or a view with a ``RealtimeConfiguration/viewFeeds`` entry.
    ///   - schema: The schema Realtime's channel names.
    ///   - filter: One column compared with `eq`, `neq`, `lt`, `lte`, `gt`, `gte` or `in`; `nil` for every row.
    /// - Returns: The changes, until the task is cancelled.
    public func changes(to table: String, inSchema schema: String, where filter: Filter?)
        -> AsyncThrowingStream<DatabaseChange, any Error>
    {
        guard let socket = realtimeSocket else {
            return AsyncThrowingStream {
                $0.finish(
                    throwing: ChangeFeedError.notSupported(backend: "SupabaseDatabase without a Realtime transport"))
            }
        }
        let anonymous = requestedRoleIsAnonymous
        let feed = realtime.viewFeeds.first { $0.view == table }
        if feed == nil, let published = realtime.publishedTables, !published.contains(table) {
            // Realtime publishes tables only: a view without a feed (or a name that is not in the publication) would
            // be refused once the socket is open, or never followed at all.
            return AsyncThrowingStream {
                $0.finish(
                    throwing: ChangeFeedError.notPublished(
                        table: table,
                        reason:
                            "\(table) is neither a table in the supabase_realtime publication nor a view with a view feed"
                    ))
            }
        }
        guard let feed else {
            do {
                let text = try RealtimeFilter.text(for: filter)
                return socket.changes(
                    RealtimeSocket.ChannelKey(schema: schema, table: table, filter: text, anonymous: anonymous),
                    keyColumns: realtime.keyColumns[table] ?? ["id"])
            } catch {
                return AsyncThrowingStream { $0.finish(throwing: error) }
            }
        }
        return viewChanges(feed, where: filter, schema: schema, socket: socket, anonymous: anonymous)
    }

    /// A view's changes: each source table's, as the view's rows they touch.
    private func viewChanges(
        _ feed: ViewFeed, where filter: Filter?, schema: String, socket: RealtimeSocket, anonymous: Bool
    ) -> AsyncThrowingStream<DatabaseChange, any Error> {
        var sources: [(ViewFeed.Source, AsyncThrowingStream<DatabaseChange, any Error>)] = []
        do {
            for source in feed.sources {
                // A filter on the column a source shows as narrows that source; the others are followed whole.
                var sourceFilter: Filter?
                if case .condition(let column, let op, let value)? = filter, column == source.viewColumn {
                    sourceFilter = .condition(column: source.column, operator: op, value: value)
                }
                let text = try RealtimeFilter.text(for: sourceFilter)
                sources.append(
                    (
                        source,
                        socket.changes(
                            RealtimeSocket.ChannelKey(
                                schema: schema, table: source.table, filter: text, anonymous: anonymous),
                            keyColumns: realtime.keyColumns[source.table] ?? ["id"])
                    ))
            }
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: DatabaseChange.self)
        let view = feed.view
        // The sources whose channels have been subscribed: the first subscription of each is reported once, as one
        // missed-changes of the view when the last of them is in place (a follower reloads once, not once a table).
        let subscribed = LockedState(Set<Int>())
        let sourceCount = sources.count
        let task = Task {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, (source, changes)) in sources.enumerated() {
                        group.addTask {
                            var first = true
                            for try await change in changes {
                                if first, case .missedChanges = change {
                                    first = false
                                    let all = subscribed.withLock {
                                        $0.insert(index)
                                        return $0.count == sourceCount
                                    }
                                    if all { continuation.yield(.missedChanges(table: view)) }
                                    continue
                                }
                                continuation.yield(Self.viewChange(change, of: view, through: source))
                            }
                        }
                    }
                    try await group.next()
                    group.cancelAll()
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// A source table's change as the change of the view's row it touches; missed when the change does not say which.
    private static func viewChange(_ change: DatabaseChange, of view: String, through source: ViewFeed.Source)
        -> DatabaseChange
    {
        guard case .row(let kind, _, let key, let row) = change else { return .missedChanges(table: view) }
        let known: JSONValue?
        if case .object(let members)? = row { known = members[source.column] } else { known = key[source.column] }
        guard let value = known else { return .missedChanges(table: view) }
        let viewKind: DatabaseChange.Kind = source.effect == .sameRow ? kind : .update
        return .row(kind: viewKind, table: view, key: [source.viewColumn: value], row: nil)
    }
}
