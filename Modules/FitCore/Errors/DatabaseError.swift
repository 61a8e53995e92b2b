/// An error from the database, shaped like PostgREST's error body so that every backend reports
/// the same thing: a stable `code` (a PostgreSQL SQLSTATE such as `23505`, a PostgREST code such as
/// `PGRST116`, or a FitKit business code such as `FB001`), a human `message`, and optional `details`
/// and `hint`.
///
/// Two errors are equal when their code, message, details and hint are: ``httpStatus`` (known only over HTTP)
/// does not take part, so the same refusal compares equal on every backend.
public struct DatabaseError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    public var code: String
    public var message: String
    public var details: String?
    public var hint: String?
    /// The HTTP status the error came with, when it came over HTTP (FitSupabase); `nil` otherwise.
    public var httpStatus: Int?

    public init(code: String, message: String, details: String? = nil, hint: String? = nil, httpStatus: Int? = nil) {
        self.code = code
        self.message = message
        self.details = details
        self.hint = hint
        self.httpStatus = httpStatus
    }

    private enum CodingKeys: String, CodingKey {
        case code, message, details, hint
    }

    public static func == (lhs: DatabaseError, rhs: DatabaseError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.details == rhs.details && lhs.hint == rhs.hint
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(details)
        hasher.combine(hint)
    }

    public var description: String {
        var text = "\(code): \(message)"
        if let details { text += " (\(details))" }
        if let hint { text += " Hint: \(hint)" }
        return text
    }
}

extension DatabaseError {
    /// `FB009`: a function that needs a signed-in member was called without one (see `Backend/CONTRACT.md`).
    public static let notSignedIn = ContractErrorCode.notSignedIn.error

    /// `PGRST116`: `single()` or `maybeSingle()` found a number of rows it cannot turn into one object.
    public static func singleRow(found count: Int) -> DatabaseError {
        DatabaseError(
            code: "PGRST116",
            message: "JSON object requested, multiple (or no) rows returned",
            details: "The result contains \(count) rows")
    }

    /// `PGRST205`: the table or view does not exist.
    public static func unknownTable(_ name: String) -> DatabaseError {
        DatabaseError(code: "PGRST205", message: "Could not find the table 'public.\(name)' in the schema cache")
    }

    /// `PGRST202`: the function does not exist.
    public static func unknownFunction(_ name: String) -> DatabaseError {
        DatabaseError(code: "PGRST202", message: "Could not find the function public.\(name) in the schema cache")
    }

    /// `42703`: a column named in a filter, order or select does not exist.
    public static func unknownColumn(_ column: String, in table: String) -> DatabaseError {
        DatabaseError(code: "42703", message: "column \(table).\(column) does not exist")
    }

    /// `PGRST204`: a write body names a column the table does not have.
    public static func unknownWriteColumn(_ column: String, in table: String) -> DatabaseError {
        DatabaseError(
            code: "PGRST204", message: "Could not find the '\(column)' column of '\(table)' in the schema cache")
    }

    /// `22P02`: a literal cannot be read as the column's type.
    public static func invalidInput(_ text: String, type: String) -> DatabaseError {
        DatabaseError(code: "22P02", message: "invalid input syntax for type \(type): \"\(text)\"")
    }

    /// `42501`: a write that row-level security does not allow.
    public static func rowLevelSecurity(table: String) -> DatabaseError {
        DatabaseError(code: "42501", message: "new row violates row-level security policy for table \"\(table)\"")
    }

    /// `23505`: a unique constraint would be violated.
    public static func uniqueViolation(constraint: String, details: String? = nil) -> DatabaseError {
        DatabaseError(
            code: "23505", message: "duplicate key value violates unique constraint \"\(constraint)\"", details: details
        )
    }

    /// `23514`: a check constraint would be violated.
    public static func checkViolation(constraint: String, table: String) -> DatabaseError {
        DatabaseError(
            code: "23514", message: "new row for relation \"\(table)\" violates check constraint \"\(constraint)\"")
    }

    /// `23502`: a NOT NULL column would hold NULL.
    public static func notNullViolation(column: String, table: String) -> DatabaseError {
        DatabaseError(
            code: "23502",
            message: "null value in column \"\(column)\" of relation \"\(table)\" violates not-null constraint")
    }

    /// `23503`: a foreign key would point nowhere, or a referenced row would be deleted.
    public static func foreignKeyViolation(table: String, constraint: String) -> DatabaseError {
        DatabaseError(
            code: "23503",
            message: "insert or update on table \"\(table)\" violates foreign key constraint \"\(constraint)\"")
    }
}
