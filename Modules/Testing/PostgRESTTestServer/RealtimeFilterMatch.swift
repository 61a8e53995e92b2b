import FitCore
import Foundation

/// Whether a row passes a `postgres_changes` filter as Realtime checks it (`realtime.is_visible_through_filters`,
/// from the tenant migrations `20211116213934_create_realtime_is_visible_through_filters_function` and
/// `20220908172859_null_passes_filters_recreate_is_visible_through_filters`): each condition against the row's column,
/// compared as the column's type would be (numbers as numbers, the rest as text); a column the row does not carry, or
/// carries as null, passes. Realtime checks the new record of an insert or an update and the old record of a delete,
/// so an update that moves a row out of the filter is not sent at all.
enum RealtimeFilterMatch {
    static func passes(_ filter: Filter?, row: [String: JSONValue]) -> Bool {
        guard let filter else { return true }
        switch filter {
        case .and(let filters): return filters.allSatisfy { passes($0, row: row) }
        case .or(let filters): return filters.contains { passes($0, row: row) }
        case .not(let inner): return !passes(inner, row: row)
        case .condition(let column, let op, let value):
            guard let cell = row[column], let text = text(of: cell) else { return true }
            switch (op, value) {
            case (.in, .list(let values)):
                return values.contains { $0.text == text }
            case (.eq, _): return compare(text, value.text) == .orderedSame
            case (.neq, _): return compare(text, value.text) != .orderedSame
            case (.lt, _): return compare(text, value.text) == .orderedAscending
            case (.lte, _): return compare(text, value.text) != .orderedDescending
            case (.gt, _): return compare(text, value.text) == .orderedDescending
            case (.gte, _): return compare(text, value.text) != .orderedAscending
            default: return true
            }
        }
    }

    private static func text(of value: JSONValue) -> String? {
        switch value {
        case .null: nil
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): "\(number)"
        default: String(decoding: JSONWriter.data(value), as: UTF8.self)
        }
    }

    private static func compare(_ left: String, _ right: String) -> ComparisonResult {
        if let leftNumber = Decimal(string: left), let rightNumber = Decimal(string: right),
            left.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
        {
            return leftNumber == rightNumber
                ? .orderedSame : (leftNumber < rightNumber ? .orderedAscending : .orderedDescending)
        }
        return left == right ? .orderedSame : (left < right ? .orderedAscending : .orderedDescending)
    }
}
