import FitCore
import Foundation
import Testing

/// Each module's catalog against its sources and itself: every string the code shows is in the catalog, every
/// entry is used, and every language is complete with the plural forms its rules need.
@Suite struct CatalogCompletenessTests {
    @Test(arguments: ModuleCatalog.all)
    func loadsAsAStringCatalogInEnglishAndGerman(_ module: ModuleCatalog) {
        #expect(module.catalog.loadFailure == nil)
        #expect(module.catalog.sourceLanguage == "en")
        #expect(module.catalog.languages == ["en", "de"])
    }

    @Test(arguments: ModuleCatalog.all)
    func hasEveryKeyItsSourcesShowAndNoOther(_ module: ModuleCatalog) throws {
        let used = try module.keysInSources().union(module.contractMessages)
        let inCatalog = Set(module.catalog.entries.keys)
        #expect(used.subtracting(inCatalog).sorted() == [], "shown, but not in \(module.module)'s catalog")
        #expect(inCatalog.subtracting(used).sorted() == [], "in \(module.module)'s catalog, but never shown")
        #expect(!used.isEmpty)
    }

    @Test(arguments: ModuleCatalog.all)
    func translatesEveryKeyWithEveryPluralFormAndTheSameArguments(_ module: ModuleCatalog) {
        for (key, forms) in module.catalog.entries.sorted(by: { $0.key < $1.key }) {
            for language in module.catalog.languages {
                let form = forms[language] ?? (language == module.catalog.sourceLanguage ? .single(key) : nil)
                guard let form else {
                    Issue.record("\(module.module): \"\(key)\" has no \(language) text")
                    continue
                }
                let texts: [String]
                switch form {
                case .single(let text):
                    texts = [text]
                case .plural(let plural):
                    let needed = PluralCategory.categories(language: language)
                    #expect(
                        needed.subtracting(plural.keys).isEmpty,
                        "\(module.module): \"\(key)\" in \(language) lacks a plural form")
                    texts = Array(plural.values)
                }
                for text in texts {
                    #expect(
                        Self.arguments(text) == Self.arguments(key),
                        "\(module.module): \"\(text)\" (\(language)) takes other arguments than \"\(key)\"")
                }
            }
        }
    }

    /// The arguments a format takes, by position: `%@` text or `%lld` an integer.
    static func arguments(_ format: String) -> [Int: String] {
        var arguments: [Int: String] = [:]
        var next = 1
        for match in format.matches(of: /%(?:(\d+)\$)?(lld|ld|d|@)/) {
            let position = match.1.flatMap { Int($0) } ?? next
            if match.1 == nil { next += 1 }
            arguments[position] = match.2 == "@" ? "text" : "integer"
        }
        return arguments
    }
}
