import FitCore
import Foundation

/// FitKit's data contract (`Backend/migrations`, summarised in `Backend/CONTRACT.md`) for the in-memory
/// database: every table with its constraints and row-level security, the `bookable_sessions` view and the
/// `book_session`, `cancel_booking` and `credit_summary` functions.
///
/// The Swift mirror is organised like the SQL, so the two are read side by side: `Schema/` is
/// `0002_schema.sql` (with each table's policy from `0005_rls.sql`), `Views/` is `0003_views.sql` and
/// `Functions/` is `0004_functions.sql`.
public enum FitKitContract {
    /// Every table, referenced tables first.
    static let tables: [TableSchema] =
        [MembersSchema.table, BookingSchema.studios, BookingSchema.classSessions, BookingSchema.bookings]
        + [CreditsSchema.ledgerTable, EventsSchema.table] + HistorySchema.tables

    /// The contract's tables as the in-memory database declares them (what an offline replica mirrors).
    public static var tableSchemas: [TableSchema] { tables }

    /// The contract's views as the in-memory database declares them.
    public static var viewSchemas: [ViewSchema] { [BookableSessionsView.schema] }

    /// The names of the contract's tables and views, in creation order.
    public static var relationNames: [String] { tables.map(\.name) + [BookableSessionsView.schema.name] }

    /// Installs whatever of the contract `database` does not have yet, so reopening a persisted file (whose
    /// tables load as they are created) or installing twice is harmless.
    ///
    /// - Parameter database: The database to install into.
    /// - Throws: What ``InMemoryDatabase/createTable(_:)`` throws; in practice ``PersistenceError/corrupt(_:reason:)``
    ///   when an attached file's rows do not fit a contract table (the tables created before it stay).
    public static func install(on database: InMemoryDatabase) throws {
        for table in tables where !database.hasRelation(named: table.name) {
            try database.createTable(table)
        }
        if !database.hasRelation(named: BookableSessionsView.schema.name) {
            database.createView(BookableSessionsView.schema)
        }
        let functions: [(String, FunctionBody)] = [
            (BookSession.name, BookSession.run),
            (CancelBooking.name, CancelBooking.run),
            (CreditSummaryFunction.name, CreditSummaryFunction.run),
        ]
        for (name, body) in functions where !database.hasRelation(named: name) {
            database.createFunction(name, body)
        }
    }
}
