/// Text as the contract's SQL handles it, for the mirror to do the same.
enum SQLText {
    /// What `btrim(text, E' \t\n\r')` trims.
    private static let trimmed: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]

    /// `btrim(text, E' \t\n\r')`: `text` without leading and trailing spaces, tabs and line breaks.
    static func btrimmed(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(where: { !trimmed.contains($0) }),
            let end = scalars.lastIndex(where: { !trimmed.contains($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }

    /// `char_length(text)`: its length in code points, as PostgreSQL counts a UTF-8 string's characters.
    static func length(_ text: String) -> Int { text.unicodeScalars.count }
}
