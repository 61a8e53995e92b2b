import FitCore
import Foundation

/// One column of a table or view.
public struct Column: Sendable {
    /// How a column is filled when an insert leaves it out.
    public enum Default: Sendable {
        /// `gen_random_uuid()`.
        case generatedUUID
        /// `now()`, from the database's injected clock.
        case now
        /// `auth.uid()`: the acting member.
        case actingMember
        /// A constant.
        case value(DatabaseValue)
        /// `generated always as identity` on an integer column: one more than the largest value the table holds (and
        /// than the rows inserted before it in the same statement).
        case identity
    }

    /// The column's name, snake_case as in PostgreSQL (`session_id`); filters, orders and write bodies refer to it.
    public var name: String
    /// The column's type: how literals are cast into it and how its values compare.
    public var type: ColumnType
    /// Whether the column may hold NULL; a write that leaves a NOT NULL column NULL fails with `23502`
    /// (``/FitCore/DatabaseError/notNullViolation(column:table:)``).
    public var isNullable: Bool
    /// What an insert that leaves the column out stores; `nil` for NULL (PostgreSQL's default).
    public var defaultValue: Default?
    /// For `numeric(p,s)`: the total digits (`p`) and the digits after the point (`s`). A written value is rounded
    /// to `s` digits (half away from zero) and must then have at most `p - s` digits before the point (else `22003`),
    /// as PostgreSQL stores it. `nil` for a plain `numeric` or another type.
    public var precision: (digits: Int, scale: Int)?

    /// Declares a column, as a `CREATE TABLE` line does.
    ///
    /// - Parameters:
    ///   - name: The column's snake_case name.
    ///   - type: Its type.
    ///   - nullable: Whether it may hold NULL; `false` (NOT NULL) by default.
    ///   - defaultValue: What an insert that leaves it out stores; `nil` (no default) by default.
    ///   - precision: For `numeric(p,s)`, `(p, s)`; `nil` (the default) for a plain `numeric` or another type.
    public init(
        _ name: String, _ type: ColumnType, nullable: Bool = false, default defaultValue: Default? = nil,
        precision: (digits: Int, scale: Int)? = nil
    ) {
        self.name = name
        self.type = type
        self.isNullable = nullable
        self.defaultValue = defaultValue
        self.precision = precision
    }

    /// A written value as the column stores it: a `numeric(p,s)` value rounded to its scale.
    ///
    /// - Throws: `22003` when the rounded value has more digits before the point than the column allows.
    func stored(_ value: DatabaseValue) throws(DatabaseError) -> DatabaseValue {
        guard let precision, case .numeric(var number) = value else { return value }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &number, precision.scale, .plain)
        let limit = pow(Decimal(10), precision.digits - precision.scale)
        guard (rounded < 0 ? -rounded : rounded) < limit else {
            throw DatabaseError(
                code: "22003", message: "numeric field overflow",
                details:
                    "A field with precision \(precision.digits), scale \(precision.scale) must round to an absolute value less than 10^\(precision.digits - precision.scale)."
            )
        }
        return .numeric(rounded)
    }
}
