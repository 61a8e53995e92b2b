/// The format of a response body, as the request's `Accept` header asks for it.
public enum ResponseFormat: String, Sendable, Hashable {
    /// JSON: an array of row objects, or one object for ``DatabaseQuery/Cardinality/single``.
    case json
    /// CSV (`Accept: text/csv`): a header line of column names, then one line per row; `NULL` is an empty field, and
    /// a field holding a comma, a double quote or a line break is double-quoted with its quotes doubled.
    case csv
}
