import Foundation

/// A literal in a filter: what a value looks like before the backend casts it to the column's type,
/// as PostgreSQL casts a query parameter.
public enum QueryValue: Sendable, Hashable {
    /// SQL `NULL`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number; cast to the column's type (an integer column compares numerically, text as text).
    case integer(Int64)
    /// A floating-point number.
    case double(Double)
    /// An exact decimal, e.g. a credit amount.
    case decimal(Decimal)
    /// Text; cast to the column's type as PostgreSQL casts a parameter (`"9"` is 9 on an integer column).
    case string(String)
    /// A UUID, written lower-case.
    case uuid(UUID)
    /// A timestamp, written as ISO 8601 in UTC (``WireDate``).
    case date(Date)
    /// The values of an `in` filter.
    case list([QueryValue])

    /// The value as PostgREST would write it in a URL (`eq.<text>`), also used to describe queries.
    public var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .decimal(let value): value.description
        case .string(let value): value
        case .uuid(let value): UUIDText.lowercase(value)
        case .date(let value): WireDate.string(from: value)
        case .list(let values): "(" + values.map(\.text).joined(separator: ",") + ")"
        }
    }

    /// The value as a PostgreSQL array literal, `{a,"b c",NULL}`, as the array operators (`cs`, `like(all)`, …)
    /// take it: elements double-quoted (with `"` and `\` escaped) when empty, `NULL`, holding `{` `}` `,` `"` `\`,
    /// or starting or ending with white space, as supabase-swift quotes them. A value that is not a list is its
    /// ``text`` (already a literal, e.g. from `or(…)`).
    public var arrayLiteral: String {
        guard case .list(let values) = self else { return text }
        return "{" + values.map(Self.arrayElement).joined(separator: ",") + "}"
    }

    private static func arrayElement(_ value: QueryValue) -> String {
        if case .null = value { return "NULL" }
        let text = value.text
        let special: Set<Unicode.Scalar> = ["{", "}", ",", "\"", "\\"]
        let scalars = text.unicodeScalars
        guard
            text.isEmpty || text.lowercased() == "null" || scalars.contains(where: special.contains)
                || scalars.first!.properties.isWhitespace || scalars.last!.properties.isWhitespace
        else { return text }
        return PostgRESTSyntax.doubleQuoted(text)
    }
}

/// A Swift value usable as a filter operand: strings, integers, `Double`, `Decimal`, `Bool`, `UUID`,
/// `Date`, optionals of them (`nil` is SQL `NULL`) and arrays of them.
public protocol FilterValue: Sendable {
    /// The literal sent to the backend.
    var queryValue: QueryValue { get }
}

extension String: FilterValue {
    /// ``QueryValue/string(_:)``: text, which the backend casts to the column's type (`"9"` is 9 on an integer column).
    public var queryValue: QueryValue { .string(self) }
}
extension Substring: FilterValue {
    /// ``QueryValue/string(_:)`` of the substring's text, as for `String`.
    public var queryValue: QueryValue { .string(String(self)) }
}
extension Int: FilterValue {
    /// ``QueryValue/integer(_:)``: the number, widened to 64 bits.
    public var queryValue: QueryValue { .integer(Int64(self)) }
}
extension Int32: FilterValue {
    /// ``QueryValue/integer(_:)``: the number, widened to 64 bits.
    public var queryValue: QueryValue { .integer(Int64(self)) }
}
extension Int64: FilterValue {
    /// ``QueryValue/integer(_:)``: the number as it is.
    public var queryValue: QueryValue { .integer(self) }
}
extension Double: FilterValue {
    /// ``QueryValue/double(_:)``: the binary floating-point number; use `Decimal` for exact amounts.
    public var queryValue: QueryValue { .double(self) }
}
extension Decimal: FilterValue {
    /// ``QueryValue/decimal(_:)``: the exact decimal, e.g. a credit amount.
    public var queryValue: QueryValue { .decimal(self) }
}
extension Bool: FilterValue {
    /// ``QueryValue/bool(_:)``: `true` or `false`.
    public var queryValue: QueryValue { .bool(self) }
}
extension UUID: FilterValue {
    /// ``QueryValue/uuid(_:)``: the UUID, written lower-case.
    public var queryValue: QueryValue { .uuid(self) }
}
extension Date: FilterValue {
    /// ``QueryValue/date(_:)``: the instant, written as ``WireDate`` text (UTC, milliseconds).
    public var queryValue: QueryValue { .date(self) }
}
extension QueryValue: FilterValue {
    /// The literal itself, so a prepared ``QueryValue`` can be passed wherever a filter value is.
    public var queryValue: QueryValue { self }
}

extension Optional: FilterValue where Wrapped: FilterValue {
    /// The wrapped value's literal, or ``QueryValue/null`` (SQL `NULL`) for `nil`.
    public var queryValue: QueryValue { self?.queryValue ?? .null }
}

extension Array: FilterValue where Element: FilterValue {
    /// ``QueryValue/list(_:)`` of the elements' literals, in order: the operand of an `in` filter.
    public var queryValue: QueryValue { .list(map(\.queryValue)) }
}
