import FitCore
import FitInMemory

extension InMemoryTransaction {
    /// Refuses a caller other than the service role, as PostgreSQL refuses a function whose EXECUTE is granted to
    /// `service_role` only.
    ///
    /// - Parameter function: The function's name, for the message.
    /// - Throws: `42501` (``/FitCore/DatabaseError``) `permission denied for function <name>` for anyone else.
    func requireServiceRole(toCall function: String) throws(DatabaseError) {
        guard role != .service else { return }
        throw DatabaseError(code: "42501", message: "permission denied for function \(function)")
    }
}
