/// How a view's rows follow the tables it reads: which of the view's rows a change to a table row concerns.
///
/// A backend whose change feed reports changes to table rows (FitPostgres's triggers) cannot follow a view on its
/// own; a schema declares each followable view's feed and hands the declarations to the backend, which reads the
/// concerned rows back as the subscriber. A view without a feed cannot be followed there.
///
/// ```swift
/// ViewFeed(view: "class_timetable", key: ["class_id"], sources: [
///     .init(table: "classes", column: "id", viewColumn: "class_id", effect: .sameRow),
///     .init(table: "signups", column: "class_id", viewColumn: "class_id", effect: .updatesRows),
/// ])
/// ```
public struct ViewFeed: Sendable, Hashable {
    /// A table the view reads, and the view rows a change to one of its rows concerns.
    public struct Source: Sendable, Hashable {
        /// What a change to the table's row means for the view rows it names.
        public enum Effect: Sendable, Hashable {
            /// Each row of the table is one row of the view: its insert, update and delete are the view row's.
            case sameRow
            /// Any insert, update or delete of the table's row updates the view rows it names (spots left after a
            /// booking, a studio's name on its classes).
            case updatesRows
        }

        /// The table.
        public var table: String
        /// The table's column whose value names the view rows: its key, or a reference the change feed reports
        /// with the row.
        public var column: String
        /// The view's column that holds that value.
        public var viewColumn: String
        /// What a change means for those rows.
        public var effect: Effect

        /// Declares a table the view reads.
        ///
        /// - Parameters:
        ///   - table: The table.
        ///   - column: Its column naming the view rows (a key column, or a reference the change feed reports).
        ///   - viewColumn: The view's column holding that value.
        ///   - effect: What a change to the table's row means for those view rows.
        public init(table: String, column: String, viewColumn: String, effect: Effect) {
            self.table = table
            self.column = column
            self.viewColumn = viewColumn
            self.effect = effect
        }
    }

    /// The view.
    public var view: String
    /// The view's columns that identify a row; a change's key.
    public var key: [String]
    /// The tables whose changes concern the view.
    public var sources: [Source]

    /// Declares a view's feed.
    ///
    /// - Parameters:
    ///   - view: The view.
    ///   - key: The columns that identify one of its rows.
    ///   - sources: The tables it reads whose changes concern it.
    public init(view: String, key: [String], sources: [Source]) {
        self.view = view
        self.key = key
        self.sources = sources
    }
}
