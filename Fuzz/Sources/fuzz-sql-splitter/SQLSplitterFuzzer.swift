import FitPostgres
import FuzzSupport

/// The SQL statement splitter on any script. It returns statements or throws `UnterminatedError` naming a construct
/// and a line inside the script. The statements cover the script: between and around them there is only
/// whitespace, comments and `;` (at least one `;` between two statements), each starts on the line it reports,
/// none begins or ends with whitespace, and the statements joined with `;` split into the same statements.
@_cdecl("LLVMFuzzerTestOneInput")
public func sqlSplitterFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput(data, size).text
    let bytes = Array(text.utf8)
    let lineCount = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    let statements: [SQLScript.Statement]
    do {
        statements = try SQLScript(text).statements
    } catch {
        let constructs = ["string", "quoted identifier", "block comment"]
        fuzzCheck(
            constructs.contains(error.construct) || error.construct.utf8.starts(with: "dollar-quoted body $".utf8),
            "unterminated \(error.construct.debugDescription)")
        fuzzCheck((1...lineCount).contains(error.line), "line \(error.line) of \(lineCount)")
        return 0
    }

    var position = 0
    var line = 1
    for (number, statement) in statements.enumerated() {
        let start = position
        let semicolons = skipTrivia(bytes, from: &position)
        line += bytes[start..<position].count(where: { $0 == UInt8(ascii: "\n") })
        fuzzCheck(
            number == 0 || semicolons > 0, "no \";\" before statement \(number): \(statement.sql.debugDescription)")
        let sql = Array(statement.sql.utf8)
        fuzzCheck(
            bytes[position...].starts(with: sql),
            "statement \(number) \(statement.sql.debugDescription) is not at byte \(position) of \(text.debugDescription)"
        )
        fuzzCheck(statement.line == line, "statement \(number) says line \(statement.line), starts on line \(line)")
        line += sql.count(where: { $0 == UInt8(ascii: "\n") })
        fuzzCheck(
            !sql.isEmpty && !isWhitespace(sql.first!) && !isWhitespace(sql.last!),
            "statement \(number) is \(statement.sql.debugDescription)")
        position += sql.count
    }
    skipTrivia(bytes, from: &position)
    fuzzCheck(position == bytes.count, "the script goes on after its last statement at byte \(position)")

    let joined = statements.map(\.sql).joined(separator: "\n;\n")
    do {
        let again = try SQLScript(joined).statements.map(\.sql)
        fuzzCheck(again == statements.map(\.sql), "the statements joined split as \(again)")
    } catch {
        fuzzCheck(false, "the statements joined do not split: \(error)")
    }
    return 0
}

/// Moves past whitespace, `--` and (nested) `/* */` comments and `;`, and returns how many `;` it passed.
@discardableResult
private func skipTrivia(_ bytes: [UInt8], from position: inout Int) -> Int {
    var semicolons = 0
    while position < bytes.count {
        let byte = bytes[position]
        let next = position + 1 < bytes.count ? bytes[position + 1] : nil
        if byte == UInt8(ascii: ";") {
            semicolons += 1
            position += 1
        } else if isWhitespace(byte) {
            position += 1
        } else if byte == UInt8(ascii: "-"), next == UInt8(ascii: "-") {
            while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
            var depth = 0
            repeat {
                if bytes[position...].starts(with: "/*".utf8) {
                    depth += 1
                    position += 2
                } else if bytes[position...].starts(with: "*/".utf8) {
                    depth -= 1
                    position += 2
                } else {
                    position += 1
                }
            } while depth > 0 && position < bytes.count
        } else {
            break
        }
    }
    return semicolons
}

private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
}
