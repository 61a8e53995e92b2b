import FitCore
import Foundation

/// Why an event cannot be stored. Checked before anything is sent, so a rejected event leaves the
/// database and the list untouched; the `events` table's checks reject the same values as a backstop.
public enum EventValidationError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The title is empty or only whitespace.
    case blankTitle
    /// The trimmed title has more than ``Event/maximumTitleLength`` characters (`length` of them).
    case titleTooLong(length: Int)
    /// The colour text is not `#RRGGBBAA`.
    case malformedColor(String)
    /// The date cannot be written as, or read from, ISO 8601 wire text (the text, or a description of the date).
    case undecodableDate(String)

    /// A sentence a form can show under the field, naming the limit or the expected format: `An event needs a title.`,
    /// `"#FF88" is not a colour: expected #RRGGBBAA, e.g. #FF8800FF.`, in English.
    public var description: String { sentence(locale: FitLocalization.sourceLocale) }

    /// ``description`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { sentence(locale: FitLocalization.locale) }

    private func sentence(locale: Locale) -> String {
        switch self {
        case .blankTitle:
            localized("An event needs a title.", locale: locale)
        case .titleTooLong(let length):
            localized(
                "An event title can have at most %1$lld characters; this one has %2$lld.",
                .integer(Event.maximumTitleLength), .integer(length), locale: locale)
        case .malformedColor(let text):
            localized("\"%@\" is not a colour: expected #RRGGBBAA, e.g. #FF8800FF.", .text(text), locale: locale)
        case .undecodableDate(let text):
            localized(
                "\"%@\" is not a date FitKit can store: expected ISO 8601 between the years 1 and 9999.", .text(text),
                locale: locale)
        }
    }
}
