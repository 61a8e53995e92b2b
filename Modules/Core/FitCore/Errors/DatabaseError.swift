/// An error from the database, shaped like PostgREST's error body so that every backend reports
/// the same thing: a stable `code` (a PostgreSQL SQLSTATE such as `23505`, a PostgREST code such as
/// `PGRST116`, or a business rule's code that a schema's function raises, see ``ContractError``), a human `message`, and optional `details`
/// and `hint`.
///
/// Two errors are equal when their code, message, details and hint are: ``httpStatus`` (known only over HTTP)
/// does not take part, so the same refusal compares equal on every backend.
public struct DatabaseError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The stable code to switch on: a SQLSTATE (`23505`), a PostgREST code (`PGRST116`) or a business rule's code (see ``ContractError``).
    public var code: String
    /// A human-readable sentence, as PostgreSQL or PostgREST words it (not for matching: use ``code``).
    public var message: String
    /// More about the failure when the server gives it, e.g. the duplicate key of a unique violation.
    public var details: String?
    /// A suggestion from the server, e.g. the table or function it expected; usually `nil`.
    public var hint: String?
    /// The HTTP status the error came with, when it came over HTTP (FitSupabase); `nil` otherwise.
    public var httpStatus: Int?

    /// Creates an error as a backend raises it.
    ///
    /// - Parameters:
    ///   - code: The SQLSTATE, PostgREST or contract code.
    ///   - message: The human-readable message.
    ///   - details: More about the failure, if any.
    ///   - hint: A suggestion, if any.
    ///   - httpStatus: The HTTP status, when the error came over HTTP.
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

    /// Whether two errors report the same refusal: equal when code, message, details and hint are; ``httpStatus`` takes
    /// no part, so an error from FitSupabase equals the same error from another backend.
    ///
    /// - Parameters:
    ///   - lhs: An error.
    ///   - rhs: Another error.
    /// - Returns: `true` when the four fields match.
    public static func == (lhs: DatabaseError, rhs: DatabaseError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.details == rhs.details && lhs.hint == rhs.hint
    }

    /// Hashes code, message, details and hint, the fields ``==(_:_:)`` compares; ``httpStatus`` is left out so equal
    /// errors hash alike.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(details)
        hasher.combine(hint)
    }

    /// `code: message`, then ` (details)` and ` Hint: hint` when present, e.g. `23505: duplicate key value violates
    /// unique constraint "members_email_key" (Key (email)=(a@b.c) already exists.)`; ``httpStatus`` is not shown.
    public var description: String {
        var text = "\(code): \(message)"
        if let details { text += " (\(details))" }
        if let hint { text += " Hint: \(hint)" }
        return text
    }
}

extension DatabaseError {
    /// `PGRST116`: `single()` or `maybeSingle()` found a number of rows it cannot turn into one object.
    ///
    /// - Parameter count: The number of rows found (0, or 2 and more); named in ``details``.
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func singleRow(found count: Int) -> DatabaseError {
        DatabaseError(
            code: "PGRST116",
            message: "JSON object requested, multiple (or no) rows returned",
            details: "The result contains \(count) rows")
    }

    /// `PGRST205`: the table or view does not exist.
    ///
    /// - Parameter name: The table or view that was asked for, without a schema.
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func unknownTable(_ name: String) -> DatabaseError {
        DatabaseError(code: "PGRST205", message: "Could not find the table 'public.\(name)' in the schema cache")
    }

    /// `PGRST202`: the function does not exist.
    ///
    /// - Parameter name: The function that was called, without a schema.
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func unknownFunction(_ name: String) -> DatabaseError {
        DatabaseError(code: "PGRST202", message: "Could not find the function public.\(name) in the schema cache")
    }

    /// `42703`: a column named in a filter, order or select does not exist.
    ///
    /// - Parameters:
    ///   - column: The column that does not exist.
    ///   - table: The table or view it was looked for in.
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func unknownColumn(_ column: String, in table: String) -> DatabaseError {
        DatabaseError(code: "42703", message: "column \(table).\(column) does not exist")
    }

    /// `PGRST204`: a write body names a column the table does not have.
    ///
    /// - Parameters:
    ///   - column: The column the write body names.
    ///   - table: The table written to.
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func unknownWriteColumn(_ column: String, in table: String) -> DatabaseError {
        DatabaseError(
            code: "PGRST204", message: "Could not find the '\(column)' column of '\(table)' in the schema cache")
    }

    /// `22P02`: a literal cannot be read as the column's type.
    ///
    /// - Parameters:
    ///   - text: The literal as written.
    ///   - type: The PostgreSQL type it was cast to (`uuid`, `integer`, `timestamp with time zone`).
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func invalidInput(_ text: String, type: String) -> DatabaseError {
        DatabaseError(code: "22P02", message: "invalid input syntax for type \(type): \"\(text)\"")
    }

    /// `22007`: text that does not read as a date or time (PostgreSQL's `invalid_datetime_format`).
    ///
    /// - Parameters:
    ///   - text: The literal as written.
    ///   - type: The PostgreSQL type it was cast to (`timestamp with time zone`, `date`).
    /// - Returns: The error with PostgreSQL's exact code and message.
    public static func invalidDateTime(_ text: String, type: String) -> DatabaseError {
        DatabaseError(code: "22007", message: "invalid input syntax for type \(type): \"\(text)\"")
    }

    /// `42501`: a write that row-level security does not allow.
    ///
    /// - Parameter table: The table whose policy refused the row.
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func rowLevelSecurity(table: String) -> DatabaseError {
        DatabaseError(code: "42501", message: "new row violates row-level security policy for table \"\(table)\"")
    }

    /// `42501`: an upsert whose conflicting row the UPDATE policy does not let the caller change (PostgreSQL checks
    /// the existing row against the policy's USING expression).
    ///
    /// - Parameter table: The table whose policy refused the row.
    /// - Returns: The error with PostgreSQL's exact code and message.
    public static func rowLevelSecurityUsing(table: String) -> DatabaseError {
        DatabaseError(
            code: "42501",
            message: "new row violates row-level security policy (USING expression) for table \"\(table)\"")
    }

    /// `42501`: the role has no privilege for this kind of request on the table (a grant is missing).
    ///
    /// - Parameter table: The table the request named.
    /// - Returns: The error with PostgreSQL's exact code and message.
    public static func permissionDenied(table: String) -> DatabaseError {
        DatabaseError(code: "42501", message: "permission denied for table \(table)")
    }

    /// `PGRST108`: options (a filter, order or limit) for an embedded resource the select list does not embed.
    ///
    /// - Parameter path: The path the options named (`authors`, `books.authors`).
    /// - Returns: The error with PostgREST's exact code, message and hint.
    public static func notEmbedded(_ path: String) -> DatabaseError {
        DatabaseError(
            code: "PGRST108", message: "'\(path)' is not an embedded resource in this request",
            hint: "Verify that '\(path)' is included in the 'select' query parameter.")
    }

    /// `PGRST100`: a write or function call whose returned rows would embed another table, which FitKit does not do.
    ///
    /// - Parameter target: The table or function written.
    /// - Returns: The error, naming the target.
    public static func embeddingInWrite(_ target: String) -> DatabaseError {
        DatabaseError(
            code: "PGRST100", message: "\"failed to parse select parameter\"",
            details: "FitKit embeds related tables in reads only, not in what a write or call to \(target) returns",
            hint: "Read the written rows back with a select that embeds them")
    }

    /// `21000`: an upsert (`ON CONFLICT DO UPDATE`) whose rows name the same key twice.
    ///
    /// - Returns: The error with PostgreSQL's exact code, message and hint.
    public static func upsertAffectsRowTwice() -> DatabaseError {
        DatabaseError(
            code: "21000", message: "ON CONFLICT DO UPDATE command cannot affect row a second time",
            hint:
                "Ensure that no rows proposed for insertion within the same command have duplicate constrained values.")
    }

    /// `23505`: a unique constraint would be violated.
    ///
    /// - Parameters:
    ///   - constraint: The violated constraint's name (`members_email_key`).
    ///   - details: PostgreSQL's detail, e.g. `Key (email)=(a@b.c) already exists.`, or `nil`.
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func uniqueViolation(constraint: String, details: String? = nil) -> DatabaseError {
        DatabaseError(
            code: "23505", message: "duplicate key value violates unique constraint \"\(constraint)\"", details: details
        )
    }

    /// `23514`: a check constraint would be violated.
    ///
    /// - Parameters:
    ///   - constraint: The violated check constraint's name.
    ///   - table: The table written to.
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func checkViolation(constraint: String, table: String) -> DatabaseError {
        DatabaseError(
            code: "23514", message: "new row for relation \"\(table)\" violates check constraint \"\(constraint)\"")
    }

    /// `23502`: a NOT NULL column would hold NULL.
    ///
    /// - Parameters:
    ///   - column: The NOT NULL column.
    ///   - table: The table written to.
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func notNullViolation(column: String, table: String) -> DatabaseError {
        DatabaseError(
            code: "23502",
            message: "null value in column \"\(column)\" of relation \"\(table)\" violates not-null constraint")
    }

    /// `23503`: a foreign key would point nowhere, or a referenced row would be deleted.
    ///
    /// - Parameters:
    ///   - table: The table written to.
    ///   - constraint: The foreign-key constraint's name (`<table>_<column>_fkey`).
    /// - Returns: The error with PostgreSQL's or PostgREST's exact code and message.
    public static func foreignKeyViolation(table: String, constraint: String) -> DatabaseError {
        DatabaseError(
            code: "23503",
            message: "insert or update on table \"\(table)\" violates foreign key constraint \"\(constraint)\"")
    }
}
