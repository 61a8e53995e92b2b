/// A CLDR plural category: the form of a word that a number takes in a language (`1 spot`, `2 spots`).
package enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other

    /// The categories `language` uses for whole numbers, by CLDR; only those of the languages FitKit's catalogs have.
    package static func categories(language: String) -> Set<PluralCategory> {
        [.one, .other]
    }

    /// The cardinal category of the whole number `number` in `language` (a BCP 47 language code such as `de`).
    ///
    /// CLDR's rule for English and German, the catalogs' languages: one for 1, other for the rest (0 included). A
    /// catalog's `zero` form, where it has one, is chosen for 0 before this rule, as Apple's string tables do.
    package static func cardinal(_ number: Int, language: String) -> PluralCategory {
        number == 1 ? .one : .other
    }
}
