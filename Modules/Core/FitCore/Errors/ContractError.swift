import Foundation

/// A business rule a schema's functions enforce, with the stable code and message the SQL raises
/// (`raise exception using errcode = 'LB001', message = 'Book is out'`).
///
/// A feature declares its rules once, as a `String` enum whose raw values are the codes, and gets the rest:
///
/// ```swift
/// public enum LoanError: String, ContractError {
///     case bookOut = "LB001"
///     public var message: String { "Book is out" }
/// }
/// ```
///
/// Every backend raises a rule as a ``DatabaseError`` with exactly that code and message; the feature's queries turn
/// it back into the typed error with ``init(_:)``, and the Swift mirror of the function throws ``databaseError``.
///
/// ``message`` is the contract's English; a feature shows members `errorDescription` (`LocalizedError`), which is
/// ``message`` unless the type gives it in ``FitLocalization/locale``'s language, as FitKit's features do.
public protocol ContractError: LocalizedError, Sendable, Hashable, CaseIterable, RawRepresentable,
    CustomStringConvertible
where RawValue == String {
    /// The message the SQL function raises with the code (`Book is out`).
    var message: String { get }
}

extension ContractError {
    /// The SQLSTATE-style code the SQL function raises (`LB001`).
    public var code: String { rawValue }

    /// The error as every backend raises it: ``code`` and ``message``.
    public var databaseError: DatabaseError { DatabaseError(code: code, message: message) }

    /// The rule behind `error`, or `nil` when its code is not one of this type's.
    ///
    /// - Parameter error: An error a backend threw; only its ``DatabaseError/code`` counts, not its message.
    public init?(_ error: DatabaseError) {
        self.init(rawValue: error.code)
    }

    /// The code and message together, e.g. `LB001: Book is out`.
    public var description: String { "\(code): \(message)" }

    /// What a member is shown: ``message``, unless the type says it in the member's language.
    public var errorDescription: String? { message }
}
