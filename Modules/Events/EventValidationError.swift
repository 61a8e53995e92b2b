/// Why an event cannot be stored. Checked before anything is sent, so a rejected event leaves the
/// database and the list untouched; the `events` table's checks reject the same values as a backstop.
public enum EventValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The title is empty or only whitespace.
    case blankTitle
    /// The trimmed title has more than ``Event/maximumTitleLength`` characters (`length` of them).
    case titleTooLong(length: Int)
    /// The colour text is not `#RRGGBBAA`.
    case malformedColor(String)
    /// The date cannot be written as, or read from, ISO 8601 wire text (the text, or a description of the date).
    case undecodableDate(String)

    /// A sentence a form can show under the field, naming the limit or the expected format: `An event needs a title.`,
    /// `"#FF88" is not a colour: expected #RRGGBBAA, e.g. #FF8800FF.`
    public var description: String {
        switch self {
        case .blankTitle:
            "An event needs a title."
        case .titleTooLong(let length):
            "An event title can have at most \(Event.maximumTitleLength) characters; this one has \(length)."
        case .malformedColor(let text):
            "\"\(text)\" is not a colour: expected #RRGGBBAA, e.g. #FF8800FF."
        case .undecodableDate(let text):
            "\"\(text)\" is not a date FitKit can store: expected ISO 8601 between the years 1 and 9999."
        }
    }
}
