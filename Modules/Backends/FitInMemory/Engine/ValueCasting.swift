import FitCore
import Foundation

/// Casting literals and JSON to a column's type, with PostgreSQL's errors (`22P02`) for text that does not
/// read as the type. Filter literals arrive as typed Swift values or as text (from `or(…)` strings).
extension ColumnType {
    /// Casts a filter literal.
    func cast(_ literal: QueryValue) throws(DatabaseError) -> DatabaseValue {
        switch (self, literal) {
        case (_, .null): return .null
        case (.textArray, .list(let values)), (.integerArray, .list(let values)):
            var elements: [DatabaseValue] = []
            for value in values { elements.append(try elementType!.cast(value)) }
            return .array(elements)
        case (.uuid, .uuid(let value)): return .uuid(value)
        case (.timestamp, .date(let value)): return .timestamp(value)
        case (.boolean, .bool(let value)): return .bool(value)
        case (.integer, .integer(let value)): return .integer(value)
        case (.numeric, .decimal(let value)): return .numeric(value)
        case (.numeric, .integer(let value)): return .numeric(Decimal(value))
        case (.double, .double(let value)): return .double(value)
        case (.double, .integer(let value)): return .double(Double(value))
        case (.date, .date(let value)): return .text(String(WireDate.string(from: value).prefix(10)))
        case (.json, _): return .json(.string(literal.text))
        case (_, .list): throw DatabaseError.invalidInput(literal.text, type: rawValue)
        default: return try cast(text: literal.text)
        }
    }

    /// Casts a JSON value from a write body or a function's JSON argument (PostgREST's `json_populate_record`).
    ///
    /// - Parameter json: The value.
    /// - Returns: The value as this type stores it (`null` stays ``DatabaseValue/null``).
    /// - Throws: `22P02` (``/FitCore/DatabaseError``) when the value does not read as this type.
    public func cast(_ json: JSONValue) throws(DatabaseError) -> DatabaseValue {
        switch (self, json) {
        case (_, .null): return .null
        case (.textArray, .array(let values)), (.integerArray, .array(let values)):
            var elements: [DatabaseValue] = []
            for value in values {
                // A JSON number in a text[] is its text, as PostgreSQL's json_populate_record reads it.
                elements.append(try elementType!.cast(value))
            }
            return .array(elements)
        case (.json, _): return .json(json)
        case (.boolean, .bool(let value)): return .bool(value)
        case (.numeric, .number(let value)): return .numeric(value)
        case (.double, .number(let value)): return .double(NSDecimalNumber(decimal: value).doubleValue)
        case (.integer, .number(let value)):
            guard let integer = Int64(exactly: NSDecimalNumber(decimal: value).doubleValue), Decimal(integer) == value
            else { throw DatabaseError.invalidInput(value.description, type: rawValue) }
            return .integer(integer)
        case (.text, .number(let value)): return .text(value.description)
        case (.text, .bool(let value)): return .text(value ? "true" : "false")
        case (_, .string(let text)): return try cast(text: text)
        default:
            throw DatabaseError.invalidInput(String(decoding: JSONWriter.data(json), as: UTF8.self), type: rawValue)
        }
    }

    /// `text` without leading and trailing `.whitespaces`, as `trimmingCharacters(in: .whitespaces)` gives it, without
    /// its bridge to `NSString` for the text that has none to trim (nearly all: reading a file's rows cast each value).
    static func trimmingWhitespace(_ text: String) -> String {
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? scalar == " " || scalar == "\t" : CharacterSet.whitespaces.contains(scalar)
        }
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            isWhitespace(first) || isWhitespace(last)
        else { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Casts text, as PostgreSQL reads a literal of this type (`{a,"b c",NULL}` for an array).
    ///
    /// - Parameter text: The literal.
    /// - Returns: The value.
    /// - Throws: ``/FitCore/DatabaseError`` `22P02` (or `22007`/`22008` for dates) naming the text and the type when it
    ///   is not a literal of this type.
    public func cast(text: String) throws(DatabaseError) -> DatabaseValue {
        // Made only when it is thrown: most casts succeed.
        func invalid() -> DatabaseError { DatabaseError.invalidInput(text, type: rawValue) }
        switch self {
        case .text: return .text(text)
        case .uuid:
            guard let value = UUID(uuidString: Self.trimmingWhitespace(text)) else { throw invalid() }
            return .uuid(value)
        case .integer:
            guard let value = Int64(Self.trimmingWhitespace(text)) else { throw invalid() }
            return .integer(value)
        case .numeric:
            let trimmed = Self.trimmingWhitespace(text)
            guard Self.isDecimalText(trimmed),
                let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
            else { throw invalid() }
            return .numeric(value)
        case .double:
            guard let value = Double(Self.trimmingWhitespace(text)) else { throw invalid() }
            return .double(value)
        case .boolean:
            switch Self.trimmingWhitespace(text).lowercased() {
            case "true", "t", "yes", "y", "on", "1": return .bool(true)
            case "false", "f", "no", "n", "off", "0": return .bool(false)
            default: throw invalid()
            }
        case .timestamp:
            // Date and time text that does not read is PostgreSQL's `22007`, not `22P02`.
            guard let value = WireDate.date(from: Self.trimmingWhitespace(text)) else {
                throw DatabaseError.invalidDateTime(text, type: rawValue)
            }
            return .timestamp(value)
        case .date:
            let trimmed = Self.trimmingWhitespace(text)
            guard trimmed.count >= 10, let date = WireDate.date(from: String(trimmed.prefix(10))) else {
                throw DatabaseError.invalidDateTime(text, type: rawValue)
            }
            return .text(String(WireDate.string(from: date).prefix(10)))
        case .json:
            guard let value = try? JSONValue(json: Data(text.utf8)) else { throw invalid() }
            return .json(value)
        case .textArray, .integerArray:
            guard let elements = ArrayLiteral.elements(of: text) else {
                throw DatabaseError(
                    code: "22P02", message: "malformed array literal: \"\(text)\"",
                    details: "Array value must start with \"{\" or dimension information.")
            }
            var values: [DatabaseValue] = []
            for element in elements {
                if let element { values.append(try elementType!.cast(text: element)) } else { values.append(.null) }
            }
            return .array(values)
        }
    }

    /// `-12`, `3.50`, `+.5`: digits with at most one point and an optional sign, nothing else.
    private static func isDecimalText(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard !body.isEmpty, body != "." else { return false }
        var seenPoint = false
        for character in body {
            if character == "." {
                if seenPoint { return false }
                seenPoint = true
            } else if !character.isASCII || !character.isNumber {
                return false
            }
        }
        return true
    }
}
