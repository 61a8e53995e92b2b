import FitCore

/// A column's PostgreSQL type, as far as the in-memory backend needs to know it: how to read a literal
/// (casting, as PostgreSQL casts a parameter) and how to compare values.
public enum ColumnType: String, Sendable, Hashable {
    case uuid
    case text
    /// `integer` / `bigint`.
    case integer
    /// `numeric(p,s)`: exact decimal (credits).
    case numeric
    /// `double precision`.
    case double = "double precision"
    case boolean
    /// `timestamptz`.
    case timestamp = "timestamp with time zone"
    /// `date`, kept as `YYYY-MM-DD` text.
    case date
    /// `jsonb`.
    case json = "jsonb"
}
