#if Postgres
    import FitCore
    import Foundation

    /// Which notifications concern a followed table or view, and what each one means for it.
    ///
    /// A table hears about its own rows. A view hears about the tables its ``/FitCore/ViewFeed`` names, keyed by the
    /// feed's key: a source whose rows are the view's (``/FitCore/ViewFeed/Source/Effect/sameRow``) inserts, updates
    /// and deletes them; any other source's change updates the view rows it names.
    struct ChangeRoute: Sendable {
        /// What a notification means for the followed relation.
        enum Effect: Sendable, Hashable {
            /// The relation's rows matching `rows` changed as `kind`: fetch them as the subscriber to deliver them.
            case fetch(kind: DatabaseChange.Kind, rows: [Filter], known: [String: JSONValue])
            /// A row was deleted: deliver its key, if the subscriber may know it (`owner` says whose it was).
            case delete(key: [String: JSONValue], owner: UUID?)
            /// Anything may have changed (a truncate): the subscriber reloads.
            case reload
        }

        /// The followed table or view.
        let target: String
        /// Its key: the primary key of a table, the feed's key of a view.
        let keyColumns: [String]
        /// The tables whose notifications concern it.
        let sources: Set<String>
        /// A view's feed; `nil` for a table.
        let feed: ViewFeed?
        /// The followed relation's columns.
        let columns: Set<String>

        /// The route for `relation`, or an error when its changes cannot be followed: a table without the change
        /// trigger (migration `0006_change_feed.sql` not applied) or a view with no feed in `feeds`.
        static func route(for relation: SchemaCatalog.Relation, in catalog: SchemaCatalog, feeds: [ViewFeed])
            throws(DatabaseError) -> ChangeRoute
        {
            let sources: Set<String>
            let keyColumns: [String]
            let feed: ViewFeed?
            if relation.isView {
                guard let declared = feeds.first(where: { $0.view == relation.name }) else {
                    throw notFollowable(relation.name)
                }
                feed = declared
                sources = Set(declared.sources.map(\.table))
                keyColumns = declared.key
            } else {
                feed = nil
                sources = [relation.name]
                keyColumns = relation.primaryKey.isEmpty ? Array(relation.columnNames.prefix(1)) : relation.primaryKey
            }
            for source in sources.sorted() where !catalog.notifyingTables.contains(source) {
                throw notFollowable(relation.name)
            }
            return ChangeRoute(
                target: relation.name, keyColumns: keyColumns, sources: sources, feed: feed,
                columns: Set(relation.columnNames))
        }

        /// `55000`: the relation has no change feed.
        static func notFollowable(_ name: String) -> DatabaseError {
            DatabaseError(
                code: "55000", message: "relation \"\(name)\" has no change feed",
                hint:
                    "Tables get one from the fitkit_notify_change trigger (Backend/migrations/0006_change_feed.sql); a view needs a ViewFeed declared for it, and its tables that trigger."
            )
        }

        /// What `notification` means for the followed relation; `nil` when it does not concern it.
        func effect(of notification: ChangeNotification) -> Effect? {
            guard sources.contains(notification.table) else { return nil }
            if notification.operation == .truncate { return .reload }
            guard let feed else { return tableEffect(of: notification) }
            let known = notification.knownColumns
            var effect: Effect?
            for source in feed.sources where source.table == notification.table {
                guard let value = known[source.column] else { continue }
                let rows = [Self.equals(source.viewColumn, value)]
                switch source.effect {
                case .sameRow:
                    if notification.operation == .delete {
                        return .delete(key: [source.viewColumn: value], owner: nil)
                    }
                    // What else the notification names and the view shows narrows the subscriber's filter early.
                    var named = known.filter { columns.contains($0.key) }
                    named[source.viewColumn] = value
                    return .fetch(kind: kind(notification.operation), rows: rows, known: named)
                case .updatesRows:
                    effect = effect ?? .fetch(kind: .update, rows: rows, known: [source.viewColumn: value])
                }
            }
            return effect
        }

        private func tableEffect(of notification: ChangeNotification) -> Effect? {
            guard keyColumns.allSatisfy({ notification.key[$0] != nil }) else { return nil }
            if notification.operation == .delete { return .delete(key: notification.key, owner: notification.owner) }
            return .fetch(
                kind: kind(notification.operation), rows: keyColumns.map { Self.equals($0, notification.key[$0]!) },
                known: notification.knownColumns)
        }

        private func kind(_ operation: ChangeNotification.Operation) -> DatabaseChange.Kind {
            switch operation {
            case .insert: .insert
            case .delete: .delete
            case .update, .truncate: .update
            }
        }

        /// `column = value`, the value as the notification carried it (a key's text, cast to the column's type).
        private static func equals(_ column: String, _ value: JSONValue) -> Filter {
            let operand: QueryValue =
                switch value {
                case .string(let text): .string(text)
                case .number(let number): .decimal(number)
                case .bool(let flag): .bool(flag)
                case .null, .array, .object: .null
                }
            return .condition(column: column, operator: .eq, value: operand)
        }
    }
#endif
