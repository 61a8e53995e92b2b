import FitCore
import FitInMemory
import FitOffline

/// FitKit's data contract (`Backend/migrations`, summarised in `Backend/CONTRACT.md`): every feature's declaration,
/// and what the generic layers read of them.
///
/// The generic layers name no table: the embedded database installs ``schema``, FitPostgres follows views through
/// ``viewFeeds``, and the offline client keeps what ``replicaPolicy`` says. Each feature's folder here mirrors its part
/// of the SQL, so the two are read side by side.
public enum FitKitContract {
    /// Every feature's declaration, referenced tables first.
    public static let features: [FeatureContract] = [
        MembersContract.feature, BookingContract.feature, CreditsContract.feature, NotificationsContract.feature,
        EventsContract.feature, HistoryContract.feature, WaitlistContract.feature, DeskContract.feature,
    ]

    /// The Swift mirror of `Backend/migrations`: every table with its constraints and row-level security, every view
    /// and function.
    public static let schema: InMemorySchema = features.schema

    /// How the contract's views follow their tables: hand them to `PostgresDatabase` to follow `bookable_sessions`.
    public static let viewFeeds: [ViewFeed] = features.viewFeeds

    /// What an offline replica keeps: every table and view of the contract (the member's own events, ratings,
    /// exercise history and workouts writable offline; the rest read-only; the timetable until a day after each
    /// class), and the last credit summary.
    public static let replicaPolicy: ReplicaPolicy = features.replicaPolicy

    /// Every business rule the contract's functions raise (`FB001`…), with its message.
    public static let errors: [DatabaseError] = features.errors

    /// Installs whatever of the contract `database` does not have yet (see ``/FitInMemory/InMemorySchema/install(on:)``).
    ///
    /// - Parameter database: The database to install into.
    /// - Throws: What ``/FitInMemory/InMemorySchema/install(on:)`` throws: in practice a `PersistenceError` when an
    ///   attached file's rows do not fit a contract table.
    public static func install(on database: InMemoryDatabase) throws {
        try schema.install(on: database)
    }
}
