/// A response that did not decode into the expected Swift type. Names the table (or function) and the
/// column, so "which field is wrong" never needs a debugger.
public struct ResponseDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The table, view or function the rows came from.
    public var table: String
    /// The snake_case column (or JSON path) that failed; `nil` when the whole body was unreadable.
    public var column: String?
    /// What went wrong, in words.
    public var reason: String

    /// Creates a decoding error that names where the bad value was.
    ///
    /// - Parameters:
    ///   - table: The table, view or function the rows came from.
    ///   - column: The snake_case column or JSON path that failed, or `nil` for the whole body.
    ///   - reason: What went wrong, in words.
    public init(table: String, column: String?, reason: String) {
        self.table = table
        self.column = column
        self.reason = reason
    }

    /// `Could not decode <table>.<column>: <reason>`, or `Could not decode the response of <table>: <reason>` when
    /// ``column`` is `nil`.
    public var description: String {
        if let column { return "Could not decode \(table).\(column): \(reason)" }
        return "Could not decode the response of \(table): \(reason)"
    }
}
