import Foundation

extension Locale {
    /// Whether the locale's language is English, or has none: where FitKit writes times, dates and some labels its own
    /// English way rather than the locale's.
    package var writesEnglish: Bool { language.languageCode?.identifier ?? "en" == "en" }
}
