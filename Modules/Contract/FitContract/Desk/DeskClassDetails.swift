import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `fitkit_desk_check_class` of `Backend/migrations/0022_desk_classes.sql`: the class details a desk function is
/// given, each checked only when given, in the SQL's order.
enum DeskClassDetails {
    /// - Throws: `FD007` a blank name, `FD009` a duration, `FD005` a capacity, `FD010` a credit cost.
    static func check(name: String?, durationMinutes: Int?, capacity: Int?, creditCost: Decimal?) throws {
        if let name, SQLText.btrimmed(name).isEmpty { throw DeskError.missingName.databaseError }
        if let durationMinutes, !(1...600).contains(durationMinutes) {
            throw DeskError.invalidDuration.databaseError
        }
        if let capacity, !(0...10_000).contains(capacity) { throw DeskError.invalidCapacity.databaseError }
        if let creditCost, creditCost < 0 || creditCost > 1_000 { throw DeskError.invalidCreditCost.databaseError }
    }
}

extension FunctionArguments {
    /// The optional argument `name` as text.
    func text(_ name: String) throws -> String? { try optional(name, as: .text)?.textValue }

    /// The optional argument `name` as an integer.
    func optionalInteger(_ name: String) throws -> Int? { try optional(name, as: .integer)?.intValue }

    /// The optional argument `name` as a number.
    func decimal(_ name: String) throws -> Decimal? { try optional(name, as: .numeric)?.decimalValue }

    /// The optional argument `name` as a timestamp.
    func timestamp(_ name: String) throws -> Date? { try optional(name, as: .timestamp)?.dateValue }
}
