import FitCore
import Foundation

/// Filters that pick rows by their keys, for replays and for reconciling the replica.
enum KeyFilter {
    /// The rows whose `key` columns equal one of `keys`: `key=in.(…)` for one column, `or(and(…),…)` for several.
    static func matching(_ keys: [[String: JSONValue]], on key: [String]) -> Filter {
        if key.count == 1, let column = key.first {
            return .condition(column: column, operator: .in, value: .list(keys.map { value($0[column]) }))
        }
        return .or(
            keys.map { row in
                .and(key.map { .condition(column: $0, operator: .eq, value: value(row[$0])) })
            })
    }

    /// A key value as both ends compare it: a UUID in lowercase, whoever wrote it.
    static func canonical(_ value: JSONValue) -> JSONValue {
        if case .string(let text) = value, text.count == 36, let uuid = UUID(uuidString: text) {
            return .string(uuid.uuidString.lowercased())
        }
        return value
    }

    static func value(_ json: JSONValue?) -> QueryValue {
        switch json {
        case .string(let text)?: .string(text)
        case .number(let number)?: .decimal(number)
        case .bool(let flag)?: .bool(flag)
        case nil, .null?, .array?, .object?: .null
        }
    }

    /// The key of `row` (column → value), or `nil` when a key column is missing or null.
    static func key(of row: [String: JSONValue], on key: [String]) -> [String: JSONValue]? {
        var result: [String: JSONValue] = [:]
        for column in key {
            guard let value = row[column], !value.isNull else { return nil }
            result[column] = canonical(value)
        }
        return result
    }
}
