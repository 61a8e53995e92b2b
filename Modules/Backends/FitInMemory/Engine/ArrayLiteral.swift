/// PostgreSQL's one-dimensional array literal, `{a,"b c",NULL}`, as `text[]` and `integer[]` read it: elements
/// separated by commas, double quotes (with `\` escapes) around elements holding syntax, unquoted white space
/// around elements ignored, and unquoted `NULL` (any case) for a NULL element.
enum ArrayLiteral {
    /// The elements' texts (`nil` for NULL), or `nil` when `text` is not a one-dimensional array literal.
    static func elements(of text: String) -> [String?]? {
        let scalars = Array(text.unicodeScalars)
        var position = 0
        func skipSpace() { while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 } }
        skipSpace()
        guard position < scalars.count, scalars[position] == "{" else { return nil }
        position += 1
        skipSpace()
        var elements: [String?] = []
        if position < scalars.count, scalars[position] == "}" {
            position += 1
            skipSpace()
            return position == scalars.count ? [] : nil
        }
        while true {
            skipSpace()
            guard position < scalars.count else { return nil }
            var element = String.UnicodeScalarView()
            if scalars[position] == "\"" {
                position += 1
                var closed = false
                while position < scalars.count {
                    let scalar = scalars[position]
                    position += 1
                    if scalar == "\\" {
                        guard position < scalars.count else { return nil }
                        element.append(scalars[position])
                        position += 1
                    } else if scalar == "\"" {
                        closed = true
                        break
                    } else {
                        element.append(scalar)
                    }
                }
                guard closed else { return nil }
                elements.append(String(element))
                skipSpace()
            } else {
                while position < scalars.count, scalars[position] != ",", scalars[position] != "}" {
                    let scalar = scalars[position]
                    // Nested arrays and stray quotes are outside what FitKit's one-dimensional columns hold.
                    if scalar == "{" || scalar == "\"" { return nil }
                    if scalar == "\\" {
                        position += 1
                        guard position < scalars.count else { return nil }
                    }
                    element.append(scalars[position])
                    position += 1
                }
                let word = trimmingTrailingWhitespace(element)
                guard !word.isEmpty else { return nil }
                elements.append(word.lowercased() == "null" ? nil : word)
            }
            guard position < scalars.count else { return nil }
            if scalars[position] == "," {
                position += 1
                continue
            }
            guard scalars[position] == "}" else { return nil }
            position += 1
            skipSpace()
            return position == scalars.count ? elements : nil
        }
    }

    private static func trimmingTrailingWhitespace(_ text: String.UnicodeScalarView) -> String {
        var scalars = Array(text)
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
