/// PostgREST's text for filter values and logic trees (`name=eq.x`, `in.("a,b",c)`, `or=(…)`): what FitSupabase
/// sends and what ``DatabaseQuery``'s description shows, written once.
package enum PostgRESTSyntax {
    /// A value inside `in.(…)` or a logic tree (`or=(…)`): numbers, booleans and `null` as they are; text in
    /// double quotes, with `"` and `\` escaped by a backslash, when it holds anything PostgREST reads as syntax
    /// (`,` `.` `:` `(` `)` `"` `\`, spaces, and `{` `}`, which open an array literal) or is empty, as PostgREST's "reserved characters" rules ask.
    package static func listItem(_ value: QueryValue) -> String {
        switch value {
        case .string(let text): quotedIfNeeded(text)
        case .date: quotedIfNeeded(value.text)
        case .list(let values): "(" + values.map(listItem).joined(separator: ",") + ")"
        case .null, .bool, .integer, .double, .decimal, .uuid: value.text
        }
    }

    /// A value right after `op.` at the top level (`name=eq.value`): PostgREST reads everything after the
    /// operator as the value, so it is sent as it is; a list is `(…)` with quoted items.
    package static func topLevelValue(_ value: QueryValue, _ op: FilterOperator) -> String {
        if op.takesArrayLiteral { return op.text(of: value) }
        if case .list = value { return listItem(value) }
        return value.text
    }

    /// A condition's value inside a logic tree: an array operator's list is the literal `{a,b}`, which PostgREST
    /// reads as one value up to its closing brace; anything else as ``listItem(_:)``.
    package static func treeValue(_ value: QueryValue, _ op: FilterOperator) -> String {
        if op.takesArrayLiteral, case .list = value { return value.arrayLiteral }
        return listItem(value)
    }

    /// A bulk write's `columns=` value: the names, comma-separated, each in double quotes when it holds anything
    /// PostgREST reads as syntax (a name `a,b` is one column, `"a,b"`, not two).
    package static func columnList(_ names: [String]) -> String {
        names.map(quotedIfNeeded).joined(separator: ",")
    }

    /// A function argument in a `GET` call's URL: text as it is, an array as PostgreSQL's literal `{a,"b,c",NULL}`
    /// (an element quoted when it holds `,` `{` `}` `"` `\` or white space, is empty or reads as `NULL`), other values
    /// as their JSON text.
    package static func argumentText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .array(let elements): "{" + elements.map(arrayElement).joined(separator: ",") + "}"
        default: String(decoding: JSONWriter.data(value), as: UTF8.self)
        }
    }

    private static func arrayElement(_ value: JSONValue) -> String {
        switch value {
        case .null: return "NULL"
        case .array: return argumentText(value)
        case .string(let text):
            let special: Set<Unicode.Scalar> = [",", "{", "}", "\"", "\\"]
            let needsQuotes =
                text.isEmpty || text.uppercased() == "NULL"
                || text.unicodeScalars.contains { special.contains($0) || $0.properties.isWhitespace }
            return needsQuotes ? doubleQuoted(text) : text
        default: return argumentText(value)
        }
    }

    /// Works on Unicode scalars, as PostgREST reads the text: a `"` that a combining mark joins into one `Character`
    /// is still a quote to PostgREST, so it is escaped all the same.
    private static func quotedIfNeeded(_ text: String) -> String {
        let reserved: Set<Unicode.Scalar> = [",", ".", ":", "(", ")", "\"", "\\", " ", "{", "}"]
        let scalars = text.unicodeScalars
        guard text.isEmpty || scalars.contains(where: { reserved.contains($0) || $0.properties.isWhitespace }) else {
            return text
        }
        return doubleQuoted(text)
    }

    /// `text` in double quotes, with `"` and `\` escaped by a backslash: how PostgREST reads a quoted value or name.
    package static func doubleQuoted(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return "\"" + String(escaped) + "\""
    }

    /// The filter in a form PostgREST's grammar can say. PostgREST sends an operand as text, so `isdistinct.null`
    /// would compare with the text `null` (or fail to cast it): `IS DISTINCT FROM NULL` is sent as `not.is.null`,
    /// and its negation as `is.null`, which mean the same.
    private static func expressible(_ filter: Filter) -> Filter {
        switch filter {
        case .condition(let column, .isdistinct, .null):
            .not(.condition(column: column, operator: .is, value: .null))
        case .not(.condition(let column, .isdistinct, .null)):
            .condition(column: column, operator: .is, value: .null)
        default: filter
        }
    }

    /// `column.op.value` (or `column.not.op.value`, `or(…)`, `not.and(…)`) inside a logic tree.
    package static func treeItem(_ filter: Filter) -> String {
        switch expressible(filter) {
        case .condition(let column, let op, let value):
            "\(column).\(op.name(for: value)).\(treeValue(op.operand(of: value), op))"
        case .not(.condition(let column, let op, let value)):
            "\(column).not.\(op.name(for: value)).\(treeValue(op.operand(of: value), op))"
        case .not(let inner): "not.\(treeItem(inner))"
        case .or(let members): "or(" + members.map(treeItem).joined(separator: ",") + ")"
        case .and(let members): "and(" + members.map(treeItem).joined(separator: ",") + ")"
        }
    }

    /// The query-string parameter for one top-level filter: `("age", "gte.18")`, `("or", "(a.eq.1,b.is.null)")`,
    /// `("not.and", "(…)")`. Several top-level filters are ANDed by PostgREST, as FitKit's filters are.
    package static func parameter(_ filter: Filter) -> (name: String, value: String) {
        switch expressible(filter) {
        case .condition(let column, let op, let value):
            (column, "\(op.name(for: value)).\(topLevelValue(op.operand(of: value), op))")
        case .not(.condition(let column, let op, let value)):
            (column, "not.\(op.name(for: value)).\(topLevelValue(op.operand(of: value), op))")
        case .or(let members): ("or", "(" + members.map(treeItem).joined(separator: ",") + ")")
        case .and(let members): ("and", "(" + members.map(treeItem).joined(separator: ",") + ")")
        case .not(.or(let members)): ("not.or", "(" + members.map(treeItem).joined(separator: ",") + ")")
        case .not(.and(let members)): ("not.and", "(" + members.map(treeItem).joined(separator: ",") + ")")
        case .not(let inner): ("not.and", "(" + treeItem(inner) + ")")
        }
    }
}
