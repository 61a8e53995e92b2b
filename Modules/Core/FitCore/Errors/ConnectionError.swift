import Foundation

/// The backend could not be reached, or what answered was not the backend: no network, a DNS failure, a
/// refused or dropped connection, a timeout, or a response that is not the API's (a captive portal's or a
/// proxy's HTML page, a 502 from a gateway).
///
/// Backends throw it instead of a ``DatabaseError`` so that callers can tell "the server said no" from "the
/// server could not be asked": a store shows it as an error like any other, and an offline-first client falls
/// back to its local replica only for this error.
public struct ConnectionError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: String, Sendable, Hashable {
        /// No network, or the host refused or dropped the connection.
        case unreachable
        /// The host name did not resolve.
        case hostNotFound
        /// No answer in time.
        case timedOut
        /// Something answered, but not with the API's response (HTML, an empty or garbled body, a gateway
        /// error).
        case invalidResponse
    }

    /// What went wrong.
    public var kind: Kind
    /// A short description for logs: the underlying error, or the status and content type received.
    public var reason: String

    /// Creates a connection error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - reason: A short description for logs.
    public init(_ kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// One sentence for the ``kind`` with the ``reason`` in parentheses, e.g. `The server did not answer in time (timed
    /// out after 60 s).`, in English.
    public var description: String { sentence(locale: FitLocalization.sourceLocale) }

    /// ``description`` in ``FitLocalization/locale``'s language: fit to show a member.
    public var errorDescription: String? { sentence(locale: FitLocalization.locale) }

    private func sentence(locale: Locale) -> String {
        switch kind {
        case .unreachable: localized("The server could not be reached (%@).", .text(reason), locale: locale)
        case .hostNotFound: localized("The server's address could not be found (%@).", .text(reason), locale: locale)
        case .timedOut: localized("The server did not answer in time (%@).", .text(reason), locale: locale)
        case .invalidResponse: localized("The server's answer was not understood (%@).", .text(reason), locale: locale)
        }
    }
}
