import Booking
import Foundation

extension SessionDetailsQueries {
    /// The former name of ``getSession(id:)``, renamed to match the other queries' `id:` labels.
    ///
    /// - Parameter id: The class session's id.
    /// - Returns: What ``getSession(id:)`` returns.
    /// - Throws: What ``getSession(id:)`` throws.
    @available(*, deprecated, renamed: "getSession(id:)")
    public func getSession(by id: UUID) async throws -> BookableSession? { try await getSession(id: id) }
}
