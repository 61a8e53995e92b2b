import FitCore
import Foundation

/// A select item's cast (`column::text`), as PostgreSQL converts the value, for the target types the in-memory
/// database knows: `text`, the integer types, `numeric`, `float8`, `boolean`, `uuid`, `timestamptz`, `date` and
/// `jsonb`. Any other type, or a conversion PostgreSQL has but this table lacks, is `0A000` "not supported in
/// memory" (never a silently different answer); a conversion PostgreSQL refuses is its `42846`.
struct SelectCast: Sendable {
    private enum Target: Sendable {
        case text, integer, numeric, double, boolean, uuid, timestamp, date, json
    }

    private let target: Target
    private let typeName: String
    private let column: Column

    /// The cast of `column` to `typeName`; throws before any row is read when the in-memory database cannot do it.
    init(_ typeName: String, column: Column) throws(DatabaseError) {
        self.typeName = typeName
        self.column = column
        switch typeName {
        case "text", "varchar": target = .text
        case "int", "int2", "int4", "int8", "integer", "smallint", "bigint": target = .integer
        case "numeric", "decimal": target = .numeric
        case "float8", "float": target = .double
        case "bool", "boolean": target = .boolean
        case "uuid": target = .uuid
        case "timestamptz": target = .timestamp
        case "date": target = .date
        case "json", "jsonb": target = .json
        default:
            throw DatabaseError(
                code: "0A000", message: "casting to \(typeName) is not supported in memory",
                details: "column \(column.name) is \(column.type.rawValue)",
                hint: "Cast to text, integer, numeric, float8, boolean, uuid, timestamptz, date or jsonb")
        }
        let allowed: Bool =
            switch (column.type, target) {
            case (_, .text): true
            case (.integer, .integer), (.integer, .numeric), (.integer, .double), (.integer, .boolean): true
            case (.numeric, .integer), (.numeric, .numeric), (.numeric, .double): true
            case (.double, .integer), (.double, .numeric), (.double, .double): true
            case (.boolean, .boolean), (.boolean, .integer): true
            case (.uuid, .uuid), (.timestamp, .timestamp), (.timestamp, .date), (.date, .date): true
            case (.date, .timestamp), (.json, .json), (.text, _): true
            default: false
            }
        guard allowed else {
            throw DatabaseError(
                code: "42846", message: "cannot cast type \(column.type.rawValue) to \(Self.canonicalName(of: target))")
        }
        if column.type == .boolean && target == .integer && !["int", "int4", "integer"].contains(typeName) {
            throw DatabaseError(code: "42846", message: "cannot cast type boolean to \(typeName)")
        }
        if column.type == .json && target == .text {
            throw DatabaseError(
                code: "0A000", message: "casting jsonb to text is not supported in memory",
                details: "column \(column.name) is jsonb")
        }
    }

    private static func canonicalName(of target: Target) -> String {
        switch target {
        case .text: "text"
        case .integer: "integer"
        case .numeric: "numeric"
        case .double: "double precision"
        case .boolean: "boolean"
        case .uuid: "uuid"
        case .timestamp: "timestamp with time zone"
        case .date: "date"
        case .json: "jsonb"
        }
    }

    /// The value converted as PostgreSQL converts it; NULL stays NULL.
    func apply(_ value: DatabaseValue) throws(DatabaseError) -> DatabaseValue {
        if value == .null { return .null }
        switch target {
        case .text: return .text(text(of: value))
        case .integer:
            switch value {
            case .integer: return value
            case .bool(let flag): return .integer(flag ? 1 : 0)
            case .numeric(var number):
                var rounded = Decimal()
                NSDecimalRound(&rounded, &number, 0, .plain)
                return .integer(Int64(truncating: NSDecimalNumber(decimal: rounded)))
            case .double(let number): return .integer(Int64(number.rounded(.toNearestOrEven)))
            case .text(let text): return try ColumnType.integer.cast(text: text)
            default: break
            }
        case .numeric:
            switch value {
            case .numeric: return value
            case .integer(let number): return .numeric(Decimal(number))
            case .double(let number): return .numeric(Decimal(number))
            case .text(let text): return try ColumnType.numeric.cast(text: text)
            default: break
            }
        case .double:
            switch value {
            case .double: return value
            case .integer(let number): return .double(Double(number))
            case .numeric(let number): return .double(NSDecimalNumber(decimal: number).doubleValue)
            case .text(let text): return try ColumnType.double.cast(text: text)
            default: break
            }
        case .boolean:
            switch value {
            case .bool: return value
            case .integer(let number): return .bool(number != 0)
            case .text(let text): return try ColumnType.boolean.cast(text: text)
            default: break
            }
        case .uuid:
            if case .text(let text) = value { return try ColumnType.uuid.cast(text: text) }
            return value
        case .timestamp:
            if case .text(let text) = value, column.type == .text { return try ColumnType.timestamp.cast(text: text) }
            if case .text(let day) = value, let date = WireDate.date(from: day) { return .timestamp(date) }
            return value
        case .date:
            if case .timestamp(let date) = value { return .text(String(WireDate.string(from: date).prefix(10))) }
            if case .text(let text) = value, column.type == .text { return try ColumnType.date.cast(text: text) }
            return value
        case .json:
            if case .text(let text) = value { return try ColumnType.json.cast(text: text) }
            return value
        }
        throw DatabaseError(code: "0A000", message: "casting to \(typeName) is not supported in memory")
    }

    /// PostgreSQL's text output of a value (the session in UTC, `DateStyle` ISO).
    private func text(of value: DatabaseValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .numeric(let number): return Self.text(of: number, scale: column.precision?.scale)
        case .double(let number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .text(let text): return text
        case .uuid(let id): return id.uuidString.lowercased()
        case .timestamp(let date): return Self.postgresText(of: date)
        case .json(let json): return String(decoding: JSONWriter.data(json), as: UTF8.self)
        case .array(let elements): return Self.arrayText(elements)
        }
    }

    /// `{a,"b c",NULL}`: an array as PostgreSQL's `array_out` prints it, quoting an element that is empty, `NULL`, or
    /// holds a brace, comma, quote, backslash or space.
    private static func arrayText(_ elements: [DatabaseValue]) -> String {
        let items = elements.map { element -> String in
            switch element {
            case .null: return "NULL"
            case .text(let text):
                let special =
                    text.isEmpty || text.uppercased() == "NULL"
                    || text.contains { "{},\"\\".contains($0) || $0.isWhitespace }
                guard special else { return text }
                return "\""
                    + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    + "\""
            case .integer(let number): return String(number)
            case .array(let inner): return arrayText(inner)
            default: return String(decoding: JSONWriter.data(element.json), as: UTF8.self)
            }
        }
        return "{" + items.joined(separator: ",") + "}"
    }

    /// `2.5` with scale 2 is `2.50`, as a `numeric(p,2)` value prints.
    private static func text(of number: Decimal, scale: Int?) -> String {
        let plain = number.description
        guard let scale, scale > 0 else { return plain }
        let parts = plain.split(separator: ".", maxSplits: 1)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        return String(parts[0]) + "." + fraction + String(repeating: "0", count: max(0, scale - fraction.count))
    }

    /// `2026-06-04 18:00:00+00`, `2026-06-05 07:30:00.5+00`: a `timestamptz` as PostgreSQL prints it in UTC.
    private static func postgresText(of date: Date) -> String {
        let wire = WireDate.string(from: date)  // 2026-06-05T07:30:00.500Z
        var text = wire.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
        if let point = text.firstIndex(of: ".") {
            var fraction = String(text[text.index(after: point)...])
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text = String(text[..<point]) + (fraction.isEmpty ? "" : "." + fraction)
        }
        return text + "+00"
    }
}
