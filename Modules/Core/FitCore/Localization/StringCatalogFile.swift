/// The parts of Xcode's String Catalog format (`.xcstrings`, JSON) that FitKit's catalogs use: each key's string
/// per language, as one string or as plural forms.
struct StringCatalogFile: Decodable, Sendable {
    var sourceLanguage: String
    var strings: [String: Entry]

    struct Entry: Decodable, Sendable {
        var comment: String?
        var localizations: [String: Localization]?
    }

    struct Localization: Decodable, Sendable {
        var stringUnit: StringUnit?
        var variations: Variations?
    }

    struct Variations: Decodable, Sendable {
        /// Keyed by CLDR plural category: `one`, `other`, ….
        var plural: [String: Localization]?
    }

    struct StringUnit: Decodable, Sendable {
        var state: String
        var value: String
    }
}
