import Foundation

/// A literal in a filter: what a value looks like before the backend casts it to the column's type,
/// as PostgreSQL casts a query parameter.
public enum QueryValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case decimal(Decimal)
    case string(String)
    case uuid(UUID)
    case date(Date)
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
        case .uuid(let value): value.uuidString.lowercased()
        case .date(let value): WireDate.string(from: value)
        case .list(let values): "(" + values.map(\.text).joined(separator: ",") + ")"
        }
    }
}

/// A Swift value usable as a filter operand: strings, integers, `Double`, `Decimal`, `Bool`, `UUID`,
/// `Date`, optionals of them (`nil` is SQL `NULL`) and arrays of them.
public protocol FilterValue: Sendable {
    /// The literal sent to the backend.
    var queryValue: QueryValue { get }
}

extension String: FilterValue { public var queryValue: QueryValue { .string(self) } }
extension Substring: FilterValue { public var queryValue: QueryValue { .string(String(self)) } }
extension Int: FilterValue { public var queryValue: QueryValue { .integer(Int64(self)) } }
extension Int32: FilterValue { public var queryValue: QueryValue { .integer(Int64(self)) } }
extension Int64: FilterValue { public var queryValue: QueryValue { .integer(self) } }
extension Double: FilterValue { public var queryValue: QueryValue { .double(self) } }
extension Decimal: FilterValue { public var queryValue: QueryValue { .decimal(self) } }
extension Bool: FilterValue { public var queryValue: QueryValue { .bool(self) } }
extension UUID: FilterValue { public var queryValue: QueryValue { .uuid(self) } }
extension Date: FilterValue { public var queryValue: QueryValue { .date(self) } }
extension QueryValue: FilterValue { public var queryValue: QueryValue { self } }

extension Optional: FilterValue where Wrapped: FilterValue {
    public var queryValue: QueryValue { self?.queryValue ?? .null }
}

extension Array: FilterValue where Element: FilterValue {
    public var queryValue: QueryValue { .list(map(\.queryValue)) }
}
