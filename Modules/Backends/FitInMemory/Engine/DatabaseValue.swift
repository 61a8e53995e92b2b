import FitCore
import Foundation

/// A typed value in an in-memory row, as PostgreSQL would hold it after casting.
public enum DatabaseValue: Sendable, Hashable {
    /// SQL `NULL`: compares as unknown, so no comparison filter matches it; written as JSON `null`.
    case null
    /// A `boolean` value.
    case bool(Bool)
    /// An `integer` or `bigint` value.
    case integer(Int64)
    /// A `numeric` value, exact (credit amounts).
    case numeric(Decimal)
    /// A `double precision` value.
    case double(Double)
    /// A `text` value; `date` columns hold their `YYYY-MM-DD` text here too.
    case text(String)
    /// A `uuid` value; written lower-case in JSON.
    case uuid(UUID)
    /// A `timestamp with time zone` value, kept to the millisecond; written as ``/FitWire/WireDate`` text.
    case timestamp(Date)
    /// A `jsonb` document.
    case json(JSONValue)
    /// An array (`text[]`, `integer[]`), one-dimensional; elements may be ``null``. Written as a JSON array.
    case array([DatabaseValue])

    /// Whether this is ``null``.
    public var isNull: Bool { self == .null }
    /// The UUID of a ``uuid(_:)`` value; `nil` for any other case (no conversion from text).
    public var uuidValue: UUID? { if case .uuid(let value) = self { value } else { nil } }
    /// The string of a ``text(_:)`` value; `nil` for any other case.
    public var textValue: String? { if case .text(let value) = self { value } else { nil } }
    /// The Boolean of a ``bool(_:)`` value; `nil` for any other case.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The instant of a ``timestamp(_:)`` value; `nil` for any other case (a `date` column's text included).
    public var dateValue: Date? { if case .timestamp(let value) = self { value } else { nil } }
    /// The document of a ``json(_:)`` value; `nil` for any other case.
    public var jsonValue: JSONValue? { if case .json(let value) = self { value } else { nil } }
    /// The number of an ``integer(_:)`` value; `nil` for any other case, `numeric` and `double` included (see
    /// ``decimalValue``).
    public var intValue: Int? { if case .integer(let value) = self { Int(value) } else { nil } }
    /// The value as a `Decimal` for `numeric`, `integer` and `double` columns.
    public var decimalValue: Decimal? {
        switch self {
        case .numeric(let value): value
        case .integer(let value): Decimal(value)
        case .double(let value): Decimal(string: String(value))
        default: nil
        }
    }

    /// The value as it appears in a JSON response.
    public var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .number(Decimal(value))
        case .numeric(let value): .number(value)
        case .double(let value): .number(Decimal(string: String(value)) ?? Decimal(value))
        case .text(let value): .string(value)
        case .uuid(let value): .string(value.uuidString.lowercased())
        case .timestamp(let value): .string(WireDate.string(from: value))
        case .json(let value): value
        case .array(let elements): .array(elements.map(\.json))
        }
    }

    /// SQL comparison of two non-null values of the same column type; `nil` when either is NULL.
    ///
    /// - Parameters:
    ///   - lhs: A value.
    ///   - rhs: A value of the same column type.
    /// - Returns: How `lhs` orders against `rhs` (integers and decimals numerically, text and JSON byte by byte, UUIDs
    ///   by their bytes, `false` before `true`), or `nil` when either is ``null``.
    public static func compare(_ lhs: DatabaseValue, _ rhs: DatabaseValue) -> ComparisonResult? {
        func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
            a < b ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
        }
        switch (lhs, rhs) {
        case (.null, _), (_, .null): return nil
        case (.integer(let a), .integer(let b)): return order(a, b)
        case (.timestamp(let a), .timestamp(let b)):
            return order(a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
        case (.text(let a), .text(let b)):
            // Byte order, as PostgreSQL's C collation (the test server runs with --locale=C).
            if a == b { return .orderedSame }
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? .orderedAscending : .orderedDescending
        case (.uuid(let a), .uuid(let b)): return compareUUID(a, b)
        case (.bool(let a), .bool(let b)): return order(a ? 1 : 0, b ? 1 : 0)
        case (.double(let a), .double(let b)): return order(a, b)
        case (.array(let a), .array(let b)):
            // Element by element, NULL elements after all others, then the shorter first, as PostgreSQL orders arrays.
            for (x, y) in zip(a, b) {
                switch (x, y) {
                case (.null, .null): continue
                case (.null, _): return .orderedDescending
                case (_, .null): return .orderedAscending
                default:
                    if let result = compare(x, y), result != .orderedSame { return result }
                }
            }
            return order(a.count, b.count)
        case (.json(let a), .json(let b)):
            return order(
                String(decoding: JSONWriter.data(a), as: UTF8.self), String(decoding: JSONWriter.data(b), as: UTF8.self)
            )
        default:
            if let a = lhs.decimalValue, let b = rhs.decimalValue { return order(a, b) }
            return order(String(describing: lhs), String(describing: rhs))
        }
    }

    /// PostgreSQL orders uuids by their bytes.
    private static func compareUUID(_ a: UUID, _ b: UUID) -> ComparisonResult {
        let x = a.uuid
        let y = b.uuid
        let left = [x.0, x.1, x.2, x.3, x.4, x.5, x.6, x.7, x.8, x.9, x.10, x.11, x.12, x.13, x.14, x.15]
        let right = [y.0, y.1, y.2, y.3, y.4, y.5, y.6, y.7, y.8, y.9, y.10, y.11, y.12, y.13, y.14, y.15]
        if left == right { return .orderedSame }
        return left.lexicographicallyPrecedes(right) ? .orderedAscending : .orderedDescending
    }
}
