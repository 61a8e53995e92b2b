/// The scanner behind ``SQLScript``: walks the UTF-8 bytes once (every delimiter is ASCII, and no UTF-8
/// continuation byte is), cutting at each `;` in plain SQL.
struct SQLStatementSplitter {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(_ text: String) { bytes = Array(text.utf8) }

    mutating func split() throws(SQLScript.UnterminatedError) -> [SQLScript.Statement] {
        var statements: [SQLScript.Statement] = []
        // Where the current statement's first byte of code (not whitespace or comment) is, and its line.
        var codeStart: (index: Int, line: Int)?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") {
                if let start = codeStart {
                    statements.append(statement(from: start.index, to: index, line: start.line))
                }
                codeStart = nil
                index += 1
                continue
            }
            if byte == UInt8(ascii: "-"), peek(1) == UInt8(ascii: "-") {
                skipLineComment()
                continue
            }
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                try skipBlockComment()
                continue
            }
            if Self.isWhitespace(byte) {
                advance()
                continue
            }
            if codeStart == nil { codeStart = (index, line) }
            switch byte {
            case UInt8(ascii: "'"):
                try skipQuoted(byte, construct: "string", backslashEscapes: isEscapeStringPrefix(before: index))
            case UInt8(ascii: "\""):
                try skipQuoted(byte, construct: "quoted identifier", backslashEscapes: false)
            case UInt8(ascii: "$"):
                if let tag = dollarTag() { try skipDollarQuoted(tag: tag) } else { index += 1 }
            default:
                index += 1
            }
        }
        if let start = codeStart {
            statements.append(statement(from: start.index, to: bytes.count, line: start.line))
        }
        return statements
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Moves past one byte, counting lines.
    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    private func statement(from start: Int, to end: Int, line: Int) -> SQLScript.Statement {
        var upper = end
        while upper > start, Self.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return SQLScript.Statement(sql: String(decoding: bytes[start..<upper], as: UTF8.self), line: line)
    }

    private mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    /// `/* … */`, which PostgreSQL lets nest.
    private mutating func skipBlockComment() throws(SQLScript.UnterminatedError) {
        let opening = line
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                advance()
            }
        }
        throw SQLScript.UnterminatedError(construct: "block comment", line: opening)
    }

    /// A `quote`-delimited run where a doubled quote stands for itself (and, in `E'…'`, `\x` for `x`).
    private mutating func skipQuoted(
        _ quote: UInt8, construct: String, backslashEscapes: Bool
    ) throws(SQLScript.UnterminatedError) {
        let opening = line
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if backslashEscapes, byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                index += 1
                advance()
            } else if byte == quote {
                if peek(1) == quote {
                    index += 2
                } else {
                    index += 1
                    return
                }
            } else {
                advance()
            }
        }
        throw SQLScript.UnterminatedError(construct: construct, line: opening)
    }

    /// `E'…'` (or `e'…'`): the `E` is a word of its own, not the end of an identifier such as `some'`.
    private func isEscapeStringPrefix(before quote: Int) -> Bool {
        guard quote >= 1, bytes[quote - 1] == UInt8(ascii: "E") || bytes[quote - 1] == UInt8(ascii: "e") else {
            return false
        }
        return quote < 2 || !Self.isIdentifierByte(bytes[quote - 2])
    }

    /// The `$tag$` (or `$$`) opening at `index`, or nil for a `$` that opens nothing: a parameter (`$1`) or
    /// a `$` inside an identifier (`a$b`).
    private func dollarTag() -> [UInt8]? {
        if index > 0, Self.isIdentifierByte(bytes[index - 1]) { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "$") {
            let byte = bytes[end]
            let allowed = end == index + 1 ? Self.isIdentifierStart(byte) : Self.isIdentifierByte(byte)
            guard allowed else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        return Array(bytes[index...end])
    }

    private mutating func skipDollarQuoted(tag: [UInt8]) throws(SQLScript.UnterminatedError) {
        let opening = line
        index += tag.count
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), bytes[index...].starts(with: tag) {
                index += tag.count
                return
            }
            advance()
        }
        let name = String(decoding: tag, as: UTF8.self)
        throw SQLScript.UnterminatedError(construct: "dollar-quoted body \(name)", line: opening)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    /// Letters, `_` and any non-ASCII byte (PostgreSQL allows non-ASCII letters in identifiers and tags).
    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "$")
    }
}
