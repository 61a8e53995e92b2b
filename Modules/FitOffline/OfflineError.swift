import FitCore

/// Why an ``OfflineFirstClient`` could not do something without the server.
public enum OfflineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request needs the server (booking, cancelling, a write to data the server decides), which cannot be
    /// reached. Nothing was queued: the member should not think it happened.
    case requiresServer(String, reason: String)
    /// A read the replica does not keep (no rule, or a function whose answer was never fetched) while the server
    /// cannot be reached.
    case notAvailableOffline(String, reason: String)
    /// An offline insert or upsert whose row has no value for a key column the client can make up (only `uuid`
    /// keys with a generated default are filled in).
    case missingKey(table: String, column: String)

    /// One line saying what could not be done and why.
    public var description: String {
        switch self {
        case .requiresServer(let what, let reason):
            "\(what) needs the server, which cannot be reached; nothing was queued (\(reason))"
        case .notAvailableOffline(let what, let reason):
            "\(what) is not kept on this device and the server cannot be reached (\(reason))"
        case .missingKey(let table, let column):
            "an offline write to \(table) needs a value for \(column), which identifies the row on every device"
        }
    }
}
