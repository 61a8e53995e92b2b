extension DatabaseError {
    /// Whether this is PostgreSQL's foreign-key violation (`23503`) on `column` of `table`: the row it refers
    /// to does not exist. Queries use it to turn "no such exercise" into their feature's typed error.
    ///
    /// - Parameters:
    ///   - table: The table whose foreign key is meant.
    ///   - column: The referencing column; the constraint is PostgreSQL's default name for it, `<table>_<column>_fkey`.
    /// - Returns: `true` when ``code`` is `23503` and the message names that constraint.
    public func isForeignKeyViolation(table: String, column: String) -> Bool {
        code == "23503" && message.contains("\"\(table)_\(column)_fkey\"")
    }

    /// Whether this is a unique violation (`23505`) of `constraint`.
    ///
    /// - Parameter constraint: The unique constraint's name, e.g. `members_email_key`.
    /// - Returns: `true` when ``code`` is `23505` and the message names `constraint`.
    public func isUniqueViolation(of constraint: String) -> Bool {
        code == "23505" && message.contains("\"\(constraint)\"")
    }
}
