import Foundation

/// `--locale`: a locale identifier whose language is an ISO 639 code (`de_DE`, `de`, `en-GB`).
struct LocaleArgument: DemoArgument, Sendable {
    let locale: Locale

    init(parsing text: String) throws(DemoError) {
        let locale = Locale(identifier: text.trimmingCharacters(in: .whitespaces))
        guard let language = locale.language.languageCode, Locale.LanguageCode.isoLanguageCodes.contains(language)
        else { throw .badLocale(text) }
        self.locale = locale
    }
}
