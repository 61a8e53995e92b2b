import FitCore

/// A column's PostgreSQL type, as far as the in-memory backend needs to know it: how to read a literal
/// (casting, as PostgreSQL casts a parameter) and how to compare values.
public enum ColumnType: String, Sendable, Hashable {
    /// `uuid`: values are ``DatabaseValue/uuid(_:)``; a literal must be UUID text (else `22P02`) and values compare by
    /// their bytes, as in PostgreSQL.
    case uuid
    /// `text`: values are ``DatabaseValue/text(_:)``, compared byte by byte (PostgreSQL's C collation).
    case text
    /// `integer` / `bigint`.
    case integer
    /// `numeric(p,s)`: exact decimal (credits).
    case numeric
    /// `double precision`.
    case double = "double precision"
    /// `boolean`: values are ``DatabaseValue/bool(_:)``; `false` sorts before `true`.
    case boolean
    /// `timestamptz`.
    case timestamp = "timestamp with time zone"
    /// `date`, kept as `YYYY-MM-DD` text.
    case date
    /// `jsonb`.
    case json = "jsonb"
    /// `text[]`: values are ``DatabaseValue/array(_:)`` of text (or NULL) elements; literals are `{a,"b c"}`, JSON
    /// arrays on the wire.
    case textArray = "text[]"
    /// `integer[]`: values are ``DatabaseValue/array(_:)`` of integer (or NULL) elements.
    case integerArray = "integer[]"

    /// The type of an array column's elements; `nil` for a scalar column.
    public var elementType: ColumnType? {
        switch self {
        case .textArray: .text
        case .integerArray: .integer
        default: nil
        }
    }
}
