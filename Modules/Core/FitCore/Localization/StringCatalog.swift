import Foundation

/// A module's String Catalog (`Localizable.xcstrings`, Xcode's format), read at run time on every platform: the
/// catalog is copied into the module's resources as it is, so Linux (where nothing compiles catalogs) and Apple
/// platforms read the same file the same way.
///
/// Keys are the English text with its format specifiers (`%lld spots`), as Xcode writes them. A string is looked up
/// in the locale's language (`de_AT` → `de`), then in the source language, and a key the catalog lacks is used as
/// it is; either miss is remembered in ``missingKeys``, which FitKit's tests require to stay empty.
package final class StringCatalog: Sendable {
    /// One key's text in one language.
    package enum Form: Sendable, Hashable {
        /// The same text for every number.
        case single(String)
        /// A text per plural category, chosen by the first integer argument.
        case plural([PluralCategory: String])
    }

    /// The language keys are written in (`en`).
    package let sourceLanguage: String
    /// Every key's forms, by language.
    package let entries: [String: [String: Form]]
    /// Why the catalog file could not be read, or `nil` when it was.
    package let loadFailure: String?
    private let misses = LockedState<Set<String>>([])
    private let resolvedLanguages = LockedState<[String: String]>([:])

    /// Reads `Localizable.xcstrings` from `bundle` (a module's `Bundle.module`).
    ///
    /// - Parameter bundle: The module's resource bundle.
    package convenience init(bundle: Bundle) {
        guard let url = bundle.url(forResource: "Localizable", withExtension: "xcstrings") else {
            self.init(failure: "no Localizable.xcstrings in \(bundle.bundleURL.path)")
            return
        }
        do {
            self.init(data: try Data(contentsOf: url))
        } catch {
            self.init(failure: "\(url.path): \(error)")
        }
    }

    /// Reads a catalog from its JSON text.
    ///
    /// - Parameter data: The `.xcstrings` file's bytes.
    package init(data: Data) {
        do {
            let file = try JSONDecoder().decode(StringCatalogFile.self, from: data)
            sourceLanguage = file.sourceLanguage
            entries = file.strings.mapValues { entry in
                (entry.localizations ?? [:]).compactMapValues(Self.form)
            }
            loadFailure = nil
        } catch {
            sourceLanguage = "en"
            entries = [:]
            loadFailure = "not a String Catalog: \(error)"
        }
    }

    private init(failure: String) {
        sourceLanguage = "en"
        entries = [:]
        loadFailure = failure
    }

    private static func form(_ localization: StringCatalogFile.Localization) -> Form? {
        if let plural = localization.variations?.plural {
            var forms: [PluralCategory: String] = [:]
            for (name, variation) in plural {
                guard let category = PluralCategory(rawValue: name), let value = variation.stringUnit?.value else {
                    continue
                }
                forms[category] = value
            }
            return forms.isEmpty ? nil : .plural(forms)
        }
        return localization.stringUnit.map { .single($0.value) }
    }

    /// The languages the catalog has text in, the source language included.
    package var languages: Set<String> {
        entries.values.reduce(into: [sourceLanguage]) { $0.formUnion($1.keys) }
    }

    /// Keys looked up that the catalog lacks, and `key [language]` for keys it has but not in that language.
    package var missingKeys: Set<String> { misses.value }

    /// The text for `key` in `locale`'s language, its format specifiers filled with `arguments`.
    ///
    /// - Parameters:
    ///   - key: The English text with its format specifiers, as in the catalog.
    ///   - arguments: What fills `%lld` (an integer, which also picks the plural form) and `%@` (text), in order or
    ///     by position (`%2$@`).
    ///   - locale: The language to write in; ``FitLocalization/locale`` when `nil`.
    /// - Returns: The formatted text.
    package func callAsFunction(_ key: StaticString, _ arguments: CatalogArgument..., locale: Locale? = nil) -> String {
        string(forKey: key.description, arguments, locale: locale)
    }

    /// The text for a key known only at run time (a contract error's message): as ``callAsFunction(_:_:locale:)``.
    package func string(forKey key: String, _ arguments: [CatalogArgument] = [], locale: Locale? = nil) -> String {
        let language = language(for: locale ?? FitLocalization.locale)
        guard let forms = entries[key] else {
            misses.withLock { _ = $0.insert(key) }
            return Self.format(key, arguments)
        }
        let form: Form
        if let localized = forms[language] {
            form = localized
        } else {
            if language != sourceLanguage { misses.withLock { _ = $0.insert("\(key) [\(language)]") } }
            form = forms[sourceLanguage] ?? .single(key)
        }
        return Self.format(Self.template(form, arguments, language: language), arguments)
    }

    /// The catalog language that `locale` reads: its language with script and region, with script, with region, or
    /// alone (`zh-Hans-CN`, `zh-Hans`, `zh-CN`, `zh`), the first the catalog has; else the source language.
    package func language(for locale: Locale) -> String {
        let identifier = locale.identifier
        if let known = resolvedLanguages.withLock({ $0[identifier] }) { return known }
        let available = languages
        var resolved = sourceLanguage
        if let code = locale.language.languageCode?.identifier {
            let script = locale.language.script?.identifier
            let region = locale.region?.identifier
            let candidates = [
                script.flatMap { script in region.map { "\(code)-\(script)-\($0)" } },
                script.map { "\(code)-\($0)" }, region.map { "\(code)-\($0)" }, code,
            ]
            resolved = candidates.compactMap { $0 }.first(where: available.contains) ?? sourceLanguage
        }
        resolvedLanguages.withLock { $0[identifier] = resolved }
        return resolved
    }

    /// The form's text for the arguments: a plural form by the first integer argument (`zero` for 0 where the
    /// catalog has it, then the language's category, then `other`).
    private static func template(_ form: Form, _ arguments: [CatalogArgument], language: String) -> String {
        switch form {
        case .single(let text):
            return text
        case .plural(let forms):
            let count = arguments.lazy.compactMap { argument -> Int? in
                if case .integer(let value) = argument { value } else { nil }
            }.first
            guard let count else { return forms[.other] ?? forms.values.first ?? "" }
            if count == 0, let zero = forms[.zero] { return zero }
            return forms[PluralCategory.cardinal(count, language: language)] ?? forms[.other]
                ?? forms.values.first ?? ""
        }
    }

    /// `template` with each format specifier (`%lld`, `%ld`, `%d`, `%@`, each optionally positional as `%2$@`)
    /// replaced by its argument, and `%%` by `%`. A specifier without an argument is kept as it is.
    package static func format(_ template: String, _ arguments: [CatalogArgument]) -> String {
        guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
        var result = ""
        var next = 0
        var index = template.startIndex
        while let percent = template[index...].firstIndex(of: "%") {
            result += template[index..<percent]
            var cursor = template.index(after: percent)
            guard cursor < template.endIndex else {
                result += "%"
                index = cursor
                break
            }
            if template[cursor] == "%" {
                result += "%"
                index = template.index(after: cursor)
                continue
            }
            var position: Int?
            let digits = template[cursor...].prefix(while: \.isNumber)
            if !digits.isEmpty, digits.endIndex < template.endIndex, template[digits.endIndex] == "$" {
                position = Int(digits).map { $0 - 1 }
                cursor = template.index(after: digits.endIndex)
            }
            let specifier = ["lld", "ld", "d", "@"].first { template[cursor...].hasPrefix($0) }
            guard let specifier else {
                result += "%"
                index = template.index(after: percent)
                continue
            }
            let end = template.index(cursor, offsetBy: specifier.count)
            let argumentIndex = position ?? next
            if position == nil { next += 1 }
            if arguments.indices.contains(argumentIndex) {
                result += arguments[argumentIndex].formatted
            } else {
                result += template[percent..<end]
            }
            index = end
        }
        result += template[index...]
        return result
    }
}
