#if Postgres
    import PostgresNIO

    /// SQL text with its parameters, built piece by piece: every value becomes a `$n` parameter, never text.
    ///
    /// Each parameter carries its type in the text (`$1::text`, `$2::bigint`; a NULL stays bare and takes the type
    /// its place gives it), so the statement means the same whether it is sent on its own, with the parameters'
    /// types beside it, or prepared by name, where the server reads the types from the text (see
    /// ``PreparedStatements``).
    struct SQLStatement: Sendable {
        /// One bound value.
        private enum Parameter: Sendable {
            case text(String)
            case integer(Int)
            case null
        }

        private(set) var sql = ""
        private var parameters: [Parameter] = []

        /// Appends trusted SQL text (keywords, quoted identifiers, type names read from the catalog).
        mutating func append(_ text: String) { sql += text }

        /// Appends `$n::text` for `value` (or a bare `$n` for NULL); the caller adds any cast.
        mutating func appendParameter(_ value: String?) {
            parameters.append(value.map(Parameter.text) ?? .null)
            sql += value == nil ? "$\(parameters.count)" : "$\(parameters.count)::text"
        }

        /// Appends `$n::bigint` bound to an integer.
        mutating func appendParameter(_ value: Int) {
            parameters.append(.integer(value))
            sql += "$\(parameters.count)::bigint"
        }

        /// The statement with its parameters, their types beside them (text and `int8`).
        var query: PostgresQuery {
            var binds = PostgresBindings(capacity: parameters.count)
            for parameter in parameters {
                switch parameter {
                case .text(let value): binds.append(value)
                case .integer(let value): binds.append(value)
                case .null: binds.appendNull()
                }
            }
            return PostgresQuery(unsafeSQL: sql, binds: binds)
        }

        /// The parameters in binary format for a statement prepared from ``sql``, whose types the server read from
        /// the text: UTF-8 for `text`, eight big-endian bytes for `bigint`.
        var preparedBindings: [PostgresData] {
            parameters.map { parameter in
                switch parameter {
                case .text(let value): PostgresData(type: .text, value: ByteBuffer(string: value))
                case .integer(let value):
                    PostgresData(type: .int8, value: ByteBuffer(integer: Int64(value), endianness: .big))
                case .null: PostgresData.null
                }
            }
        }
    }

    /// `"name"` with embedded quotes doubled. Names are also checked against the catalog before they get here.
    ///
    /// Without Foundation's `replacingOccurrences`, which bridges through `NSString` and would dominate the time
    /// spent compiling a booking's function call.
    func quoted(_ identifier: String) -> String {
        guard identifier.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + identifier + "\"" }
        return "\"" + identifier.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"")
            + "\""
    }
#endif
