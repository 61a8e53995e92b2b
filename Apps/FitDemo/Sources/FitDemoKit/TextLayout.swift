/// Column helpers for the demo's plain-text tables.
enum TextLayout {
    /// `text` padded with spaces (or cut with `…`) to `width` characters.
    static func column(_ text: String, _ width: Int) -> String {
        if text.count > width { return String(text.prefix(max(0, width - 1))) + "…" }
        return text + String(repeating: " ", count: width - text.count)
    }

    /// `text` right-aligned in `width` characters.
    static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// A section heading of the tour: a blank line, the title, and a rule under it.
    static func heading(_ title: String) -> [String] {
        ["", title, String(repeating: "─", count: title.count)]
    }
}
