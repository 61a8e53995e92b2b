import FitCore
import FitInMemory
import Foundation

extension InMemoryDatabase {
    /// A database with FitKit's whole contract installed (``FitKitContract``), or the features an app composes: the
    /// embedded default of the demo and of an app without a server, and the fake that tests drive.
    ///
    /// ```swift
    /// let database = try InMemoryDatabase.embedded()
    /// let store = EventsStore(queries: EventsQueries(client: database.client(as: .member(memberId))))
    /// ```
    /// - Parameters:
    ///   - features: the features whose schemas to install; FitKit's by default (an app adds its own:
    ///     `FitKitContract.features + [MembershipsContract.feature]`).
    ///   - now: the source of `now()` for defaults and functions; pin it in tests.
    ///   - fileURL: keep the data in this SQLite file (read when it exists, each commit's rows written durably; a JSON
    ///     file of an earlier FitKit is converted).
    /// - Returns: The database, with every table, view and function of the contract installed and, when `fileURL` is
    ///   given, the saved rows loaded.
    /// - Throws: A `PersistenceError` when the file cannot be read or is corrupt (the file is left as it was).
    public static func embedded(
        features: [FeatureContract] = FitKitContract.features,
        now: @escaping @Sendable () -> Date = { Date() },
        persistingTo fileURL: URL? = nil
    ) throws -> InMemoryDatabase {
        let database = try InMemoryDatabase(now: now, persistingTo: fileURL)
        try features.schema.install(on: database)
        return database
    }
}
