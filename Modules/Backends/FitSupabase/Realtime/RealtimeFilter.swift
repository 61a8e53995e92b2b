import FitCore

/// A change feed's filter as Supabase Realtime's `postgres_changes` config says it: one column compared with `eq`,
/// `neq`, `lt`, `lte`, `gt` or `gte` (`column=op."value"`), or `in` with at most 100 values
/// (`column=in.(a,b)`, PostgreSQL's array-literal quoting inside the parentheses).
///
/// Realtime (`lib/extensions/postgres_cdc_rls/subscriptions.ex`, `parse_filters`) splits a filter on the commas
/// outside parentheses and quotes and trims each part, then reads a value that starts with `"` as a quoted string
/// (backslash escaping the next character). So every compared value goes out quoted: `Smith, John` and `Spin ` reach
/// the server as they are.
package enum RealtimeFilter {
    /// The most values Realtime takes in one `in` filter.
    package static let maximumListCount = 100

    /// The filter's text, or `nil` for no filter.
    ///
    /// - Throws: ``FitCore/ChangeFeedError/filterNotSupported(backend:filter:)`` for anything else: `or`, `and`,
    ///   `not`, another operator, a list for a comparison, or an `in` list that is empty or longer than 100.
    package static func text(for filter: Filter?) throws(ChangeFeedError) -> String? {
        guard let filter else { return nil }
        func refuse() -> ChangeFeedError {
            let (name, value) = PostgRESTSyntax.parameter(filter)
            return .filterNotSupported(backend: "SupabaseDatabase", filter: "\(name)=\(value)")
        }
        guard case .condition(let column, let op, let value) = filter, !column.isEmpty, !column.contains("=") else {
            throw refuse()
        }
        switch (op, value) {
        case (.in, .list(let values)):
            guard (1...maximumListCount).contains(values.count), !values.contains(where: Self.isList) else {
                throw refuse()
            }
            let literal = value.arrayLiteral
            return "\(column)=in.(\(literal.dropFirst().dropLast()))"
        case (.eq, _), (.neq, _), (.lt, _), (.lte, _), (.gt, _), (.gte, _):
            guard !isList(value), value != .null else { throw refuse() }
            return "\(column)=\(op.rawValue).\(quoted(value.text))"
        default:
            throw refuse()
        }
    }

    private static func isList(_ value: QueryValue) -> Bool {
        if case .list = value { true } else { false }
    }

    /// `text` as Realtime reads a quoted value: in double quotes, a backslash before each `"` and `\`.
    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
