import FitCore

extension DatabaseClient {
    /// Writes seed rows into `table`, skipping those whose `onConflict` columns match a row that exists, and asks
    /// for nothing back. A column a row leaves out takes its default.
    ///
    /// - Parameters:
    ///   - rows: The rows, encoding to the table's columns; nothing is sent when empty.
    ///   - table: The table.
    ///   - onConflict: The columns of the unique key that says a row exists; `id` by default.
    /// - Throws: A ``/FitCore/DatabaseError`` when a row is refused (a foreign key, a check); no row is written then.
    public func insertSeedRows<Row: Encodable & Sendable>(
        _ rows: [Row], into table: String, onConflict: String = "id"
    ) async throws {
        guard !rows.isEmpty else { return }
        try await from(table).upsert(
            rows, onConflict: onConflict, returning: .minimal, ignoreDuplicates: true,
            defaultToNull: false
        )
        .execute()
    }
}
