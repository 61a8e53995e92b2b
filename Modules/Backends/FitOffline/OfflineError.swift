import FitCore
import Foundation

/// Why an ``OfflineFirstClient`` could not do something without the server.
public enum OfflineError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The request needs the server (booking, cancelling, a write to data the server decides), which cannot be
    /// reached. Nothing was queued: the member should not think it happened.
    case requiresServer(String, reason: String)
    /// A read the replica does not keep (no rule, or a function whose answer was never fetched) while the server
    /// cannot be reached.
    case notAvailableOffline(String, reason: String)
    /// An offline insert or upsert whose row has no value for a key column the client can make up (only `uuid`
    /// keys with a generated default are filled in).
    case missingKey(table: String, column: String)

    /// What a member is shown, in ``/FitCore/FitLocalization/locale``'s language: that the server is needed and
    /// nothing was saved, or that this is not kept on the device. A missing key is a mistake in the app, and says so
    /// in English.
    public var errorDescription: String? {
        switch self {
        case .requiresServer:
            localized("This needs the server, which cannot be reached; nothing was saved.")
        case .notAvailableOffline:
            localized("This is not kept on this device, and the server cannot be reached.")
        case .missingKey:
            description
        }
    }

    /// One line saying what could not be done and why, in English, for logs.
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
