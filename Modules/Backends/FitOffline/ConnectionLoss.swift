import FitCore

/// Whether `error` means the server could not be reached (so the replica should answer, or the change wait in the
/// outbox), as opposed to the server refusing the request: a ``/FitCore/ConnectionError`` (FitSupabase, any HTTP
/// transport) or a ``/FitCore/DatabaseError`` of class `08` (FitPostgres's lost connections are `08006`).
func isConnectionLoss(_ error: any Error) -> Bool {
    switch error {
    case is ConnectionError: true
    case let error as DatabaseError: error.code.hasPrefix("08")
    default: false
    }
}
