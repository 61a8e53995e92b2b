import FitCore
import Foundation
import Testing

/// FitCore's String Catalog reader on catalogs written for the test: formats, plural forms, languages and misses.
@Suite struct StringCatalogTests {
    static let catalog = StringCatalog(
        data: Data(
            """
            {
              "sourceLanguage" : "en",
              "version" : "1.0",
              "strings" : {
                "Full" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Ausgebucht" } } } },
                "%lld spots" : { "localizations" : {
                  "en" : { "variations" : { "plural" : {
                    "zero" : { "stringUnit" : { "state" : "translated", "value" : "No spots" } },
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld spot left" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld spots" } } } } },
                  "de" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Noch %lld Platz" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Plätze" } } } } } } },
                "%1$@ of %2$lld" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "%2$lld: %1$@ (100 %%)" } } } },
                "English only" : { }
              }
            }
            """.utf8))
    static let german = Locale(identifier: "de_DE")
    static let english = Locale(identifier: "en_US")

    @Test func readsXcodesFormat() {
        #expect(Self.catalog.loadFailure == nil)
        #expect(Self.catalog.sourceLanguage == "en")
        #expect(Self.catalog.languages == ["en", "de"])
        #expect(Self.catalog.entries["Full"]?["de"] == .single("Ausgebucht"))
    }

    @Test(arguments: [
        (0, "No spots", "0 Plätze"), (1, "1 spot left", "Noch 1 Platz"), (2, "2 spots", "2 Plätze"),
        (21, "21 spots", "21 Plätze"), (-1, "-1 spots", "-1 Plätze"),
    ])
    func choosesThePluralFormByTheLanguagesRule(count: Int, english: String, german: String) {
        #expect(Self.catalog("%lld spots", .integer(count), locale: Self.english) == english)
        // German has no zero form here: 0 takes the rule's category, other.
        #expect(Self.catalog("%lld spots", .integer(count), locale: Self.german) == german)
    }

    @Test func fillsPositionalArgumentsInTheTranslationsOrder() {
        #expect(Self.catalog("%1$@ of %2$lld", .text("Spin"), .integer(3), locale: Self.english) == "Spin of 3")
        #expect(Self.catalog("%1$@ of %2$lld", .text("Spin"), .integer(3), locale: Self.german) == "3: Spin (100 %)")
    }

    @Test(arguments: [
        ("de_AT", "de"), ("de", "de"), ("de-CH", "de"), ("en_GB", "en"), ("fr_FR", "en"), ("zh-Hans_CN", "en"),
        ("", "en"),
    ])
    func readsALocaleInTheClosestLanguageTheCatalogHas(identifier: String, language: String) {
        #expect(Self.catalog.language(for: Locale(identifier: identifier)) == language)
    }

    @Test func followsTheTaskLocale() {
        let text = FitLocalization.$locale.withValue(Self.german) { Self.catalog("Full") }
        #expect(text == "Ausgebucht")
        #expect(Self.catalog("Full", locale: Self.english) == "Full")
    }

    @Test func remembersEveryMissAndFallsBackToEnglish() {
        let json =
            #"{"sourceLanguage":"en","strings":{"English only":{},"#
            + #""Full":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Ausgebucht"}}}}}}"#
        let catalog = StringCatalog(data: Data(json.utf8))
        #expect(catalog.missingKeys.isEmpty)
        #expect(catalog("English only", locale: Self.german) == "English only")
        #expect(catalog("Nowhere %lld", .integer(4), locale: Self.english) == "Nowhere 4")
        #expect(catalog.missingKeys == ["English only [de]", "Nowhere %lld"])
    }

    @Test(arguments: [
        ("100%% sure", [CatalogArgument](), "100% sure"), ("%@ and %@", ["a"], "a and %@"), ("50%", [], "50%"),
        ("%q %d", [7], "%q 7"), ("%2$@%1$@", ["b", "a"], "ab"), ("%ld/%d", [1, 2], "1/2"),
    ])
    func formatsSpecifiersAndKeepsWhatItCannotFill(template: String, arguments: [CatalogArgument], expected: String) {
        #expect(StringCatalog.format(template, arguments) == expected)
    }

    @Test func reportsAFileThatIsNotACatalog() {
        let catalog = StringCatalog(data: Data("[1, 2]".utf8))
        #expect(catalog.loadFailure?.hasPrefix("not a String Catalog") == true)
        #expect(catalog("Full", locale: Self.german) == "Full")
    }
}
