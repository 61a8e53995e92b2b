import Foundation

extension Decimal {
    /// The value as an `Int` when it is a whole number that fits (`12` for `12.00`), else `nil` (`2.5`): a whole
    /// amount picks a catalog string's plural form.
    package var exactInteger: Int? {
        guard isFinite else { return nil }
        var rounded = Decimal()
        var copy = self
        NSDecimalRound(&rounded, &copy, 0, .plain)
        guard rounded == self, rounded.magnitude <= Decimal(Int.max) else { return nil }
        let value = NSDecimalNumber(decimal: rounded).int64Value
        return Decimal(value) == rounded ? Int(value) : nil
    }
}
