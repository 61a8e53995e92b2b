extension DatabaseError {
    /// Whether this is PostgreSQL's foreign-key violation (`23503`) on `column` of `table`: the row it refers
    /// to does not exist. Queries use it to turn "no such exercise" into their feature's typed error.
    public func isForeignKeyViolation(table: String, column: String) -> Bool {
        code == "23503" && message.contains("\"\(table)_\(column)_fkey\"")
    }

    /// Whether this is a unique violation (`23505`) of `constraint`.
    public func isUniqueViolation(of constraint: String) -> Bool {
        code == "23505" && message.contains("\"\(constraint)\"")
    }
}
