import Foundation

extension Locale {
    /// Whether the locale's language is English (or unknown), where the demo writes some text its own way.
    var isEnglish: Bool { language.languageCode?.identifier ?? "en" == "en" }
}
