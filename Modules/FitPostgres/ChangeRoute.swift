#if Postgres
    import FitCore
    import Foundation

    /// Which notifications concern a followed table or view, and what each one means for it.
    ///
    /// A table hears about its own rows. The `bookable_sessions` view is keyed by `session_id` and hears about the
    /// tables it reads: a class (insert, update, delete of its row), a booking (the class's spots and the booker's
    /// flag: an update of the class's row) and a studio (its name and time zone: an update of its classes' rows).
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
        /// Its key: the primary key of a table, the first column of a view.
        let keyColumns: [String]
        /// The tables whose notifications concern it.
        let sources: Set<String>

        /// The route for `relation`, or an error when its changes cannot be followed: a table without the change
        /// trigger (migration `0006_change_feed.sql` not applied) or a view FitPostgres does not know.
        static func route(for relation: SchemaCatalog.Relation, in catalog: SchemaCatalog) throws(DatabaseError)
            -> ChangeRoute
        {
            let sources: Set<String>
            let keyColumns: [String]
            if relation.isView {
                guard relation.name == "bookable_sessions" else { throw notFollowable(relation.name) }
                sources = ["class_sessions", "bookings", "studios"]
                keyColumns = ["session_id"]
            } else {
                sources = [relation.name]
                keyColumns = relation.primaryKey.isEmpty ? Array(relation.columnNames.prefix(1)) : relation.primaryKey
            }
            for source in sources.sorted() where !catalog.notifyingTables.contains(source) {
                throw notFollowable(relation.name)
            }
            return ChangeRoute(target: relation.name, keyColumns: keyColumns, sources: sources)
        }

        /// `55000`: the relation has no change feed.
        static func notFollowable(_ name: String) -> DatabaseError {
            DatabaseError(
                code: "55000", message: "relation \"\(name)\" has no change feed",
                hint:
                    "Tables get one from the fitkit_notify_change trigger (Backend/migrations/0006_change_feed.sql); of the views, bookable_sessions can be followed."
            )
        }

        /// What `notification` means for the followed relation; `nil` when it does not concern it.
        func effect(of notification: ChangeNotification) -> Effect? {
            guard sources.contains(notification.table) else { return nil }
            if notification.operation == .truncate { return .reload }
            guard target == "bookable_sessions" else { return tableEffect(of: notification) }
            switch notification.table {
            case "class_sessions":
                guard let id = notification.key["id"] else { return nil }
                var known = ["session_id": id]
                known["studio_id"] = notification.references["studio_id"]
                if notification.operation == .delete { return .delete(key: ["session_id": id], owner: nil) }
                return .fetch(kind: kind(notification.operation), rows: [Self.equals("session_id", id)], known: known)
            case "bookings":
                guard let session = notification.references["class_session_id"] else { return nil }
                return .fetch(
                    kind: .update, rows: [Self.equals("session_id", session)], known: ["session_id": session])
            case "studios":
                // A new studio has no classes yet, and a studio's classes go before it does.
                guard notification.operation == .update, let id = notification.key["id"] else { return nil }
                return .fetch(kind: .update, rows: [Self.equals("studio_id", id)], known: ["studio_id": id])
            default:
                return nil
            }
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
