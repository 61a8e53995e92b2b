#if Postgres
    import PostgresNIO

    /// SQL text with its parameters, built piece by piece: every value becomes a `$n` parameter, never text.
    struct SQLStatement: Sendable {
        private(set) var sql = ""
        private(set) var binds = PostgresBindings()

        /// Appends trusted SQL text (keywords, quoted identifiers, type names read from the catalog).
        mutating func append(_ text: String) { sql += text }

        /// Appends `$n` for `value` (bound as text, or NULL) and returns nothing; the caller adds any cast.
        mutating func appendParameter(_ value: String?) {
            if let value { binds.append(value) } else { binds.appendNull() }
            sql += "$\(binds.count)"
        }

        /// Appends `$n` bound to an integer.
        mutating func appendParameter(_ value: Int) {
            binds.append(value)
            sql += "$\(binds.count)"
        }

        var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
    }

    /// `"name"` with embedded quotes doubled. Names are also checked against the catalog before they get here.
    func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
#endif
