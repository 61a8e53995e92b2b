import FitCore

/// A client whose every request fails with the error that kept a scenario's device from being made, so the case
/// fails with that error where it first uses the client.
struct UnavailableClient: DatabaseClient {
    let error: any Error
    var role: DatabaseRole = .anonymous

    func acting(as role: DatabaseRole) -> UnavailableClient { UnavailableClient(error: error, role: role) }

    func run(_ query: DatabaseQuery) async throws -> RawResponse { throw error }

    func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }
}
