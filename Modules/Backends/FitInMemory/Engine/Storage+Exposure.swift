import FitCore

extension Storage {
    /// Throws ``/FitCore/DatabaseError/unknownTable(_:)`` when `query` names a table outside the API's schema
    /// (``TableSchema/isExposed``), as PostgREST answers for a table it does not expose.
    func requireExposed(_ query: DatabaseQuery) throws(DatabaseError) {
        guard query.operation != .rpc, let table = tables[query.target], !table.schema.isExposed else { return }
        throw DatabaseError.unknownTable(query.target)
    }
}
