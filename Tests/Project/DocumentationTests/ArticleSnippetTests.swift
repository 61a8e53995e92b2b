import FitKitTestSupport
import Foundation
import Testing

/// The DocC articles (Modules/*/*.docc/*.md) cannot drift from code that compiles: every ```swift block in them
/// appears verbatim (modulo indentation and blank lines) in its article's example file (the one file here that names
/// the article's path), which is compiled and run, and that file imports exactly the modules the article's blocks
/// show at their top (and Testing), so a reader who copies the blocks compiles what the tests compile. The target
/// builds with MemberImportVisibility on, as a new Xcode project does. Blocks under a heading that ends with "(Apple
/// platforms)" hold SwiftUI views: they are compiled too, against SwiftUI on Apple platforms and against a stand-in
/// with SwiftUI's shapes on Linux (Tests/Support/SwiftUIStandIn), but not run. Package manifest excerpts
/// (`.package(…)`) are checked otherwise: their `.product(name:package: "FitKit")` names must be library products of
/// Package.swift. An article about an app's own feature quotes a package of its own under Examples/ (the one whose
/// Package.swift names the article's path), which the README's test command builds and tests: each block appears in
/// one of its Swift files or its manifest, and a block that shows imports shows exactly its file's.
@Suite struct ArticleSnippetTests {
    static let root = RepositoryFiles.root

    struct Snippet: Sendable, CustomTestStringConvertible {
        var article: String
        var heading: String
        var lines: [String]

        var isApplePlatformsOnly: Bool { heading.hasSuffix("(Apple platforms)") }
        var isManifest: Bool { lines.contains { $0.contains(".package(") } }
        var testDescription: String { "\(article) › \(heading) › \(lines.first ?? "")" }
    }

    static let articles: [URL] = {
        let modules = root.appendingPathComponent("Modules")
        let files =
            FileManager.default.enumerator(at: modules, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "md" && $0.path.contains(".docc/") }
            .sorted { $0.path < $1.path }
    }()

    static let snippets: [Snippet] = articles.flatMap { url -> [Snippet] in
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var result: [Snippet] = []
        var heading = ""
        var block: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var lines = block {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    result.append(Snippet(article: url.lastPathComponent, heading: heading, lines: lines))
                    block = nil
                } else {
                    lines.append(line)
                    block = lines
                }
            } else if line.trimmingCharacters(in: .whitespaces) == "```swift" {
                block = []
            } else if line.hasPrefix("#") {
                heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            }
        }
        return result
    }

    /// Lines trimmed, blank lines left out.
    static func trimmedLines(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func everyArticleHasCompiledSnippets() {
        let compiled = Set(Self.snippets.filter { !$0.isApplePlatformsOnly && !$0.isManifest }.map(\.article))
        #expect(Self.articles.count >= 15)
        #expect(
            compiled.isSuperset(of: [
                "GettingStarted.md", "UsingStoresFromSwiftUI.md", "Backends.md", "DataContract.md",
                "TestingAFeature.md",
            ]))
    }

    /// The modules `lines` import (`import X`, `@testable import X`, at any depth, `#if` branches included).
    static func imports(_ lines: [String]) -> Set<String> {
        Set(lines.compactMap { $0.firstMatch(of: /^(?:@testable )?import (\w+)$/).map { String($0.1) } })
    }

    /// The package under Examples/ that holds `article`'s code, when its Package.swift names the article's path: its
    /// Swift files (manifest included), each trimmed.
    static func examplePackage(for article: String) throws -> [(name: String, lines: [String])]? {
        let path = try #require(articles.first { $0.lastPathComponent == article }).path
            .replacingOccurrences(of: root.path + "/", with: "")
        let examples = root.appendingPathComponent("Examples")
        let packages =
            (try? FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil)) ?? []
        guard
            let package = packages.first(where: { package in
                let manifest = try? String(
                    contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
                return manifest?.contains(path) == true
            })
        else { return nil }
        let files =
            FileManager.default.enumerator(at: package, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            ?? []
        return files.filter { $0.pathExtension == "swift" && !$0.path.contains("/.build") }.sorted { $0.path < $1.path }
            .compactMap { url in
                (try? String(contentsOf: url, encoding: .utf8)).map {
                    (url.path.replacingOccurrences(of: root.path + "/", with: ""), trimmedLines($0))
                }
            }
    }

    /// Whether `wanted` lines appear one after another in `lines`.
    static func contains(_ lines: [String], _ wanted: [String]) -> Bool {
        lines.count >= wanted.count
            && (0...(lines.count - wanted.count)).contains { Array(lines[$0..<$0 + wanted.count]) == wanted }
    }

    /// The snippets of articles that quote a package under Examples/.
    static let packageSnippets = snippets.filter { snippet in
        (try? examplePackage(for: snippet.article)).flatMap { $0 } != nil
    }

    @Test func anAppsOwnFeatureIsQuotedFromItsPackage() {
        #expect(Set(Self.packageSnippets.map(\.article)) == ["AddingYourOwnFeature.md"])
    }

    @Test(arguments: packageSnippets)
    func aSnippetOfAnAppsOwnFeatureIsInItsPackage(_ snippet: Snippet) throws {
        let package = try #require(try Self.examplePackage(for: snippet.article))
        let shown = Self.trimmedLines(snippet.lines.joined(separator: "\n"))
        let code = Array(shown.drop { $0.hasPrefix("import ") })
        #expect(!code.isEmpty)
        let file = package.first { Self.contains($0.lines, code) }
        #expect(file != nil, "not in \(package.map(\.name)): \(code.joined(separator: "\n"))")
        let imports = Self.imports(shown)
        if let file, !imports.isEmpty {
            #expect(Self.imports(file.lines) == imports, "\(file.name) imports other modules than shown")
        }
    }

    /// The example file that holds `article`'s code: the one file of this target that names the article's path.
    static func exampleFile(for article: String) throws -> (name: String, lines: [String]) {
        let folder = root.appendingPathComponent("Tests/Project/DocumentationTests")
        let path = try #require(articles.first { $0.lastPathComponent == article }).path
            .replacingOccurrences(of: root.path + "/", with: "")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "ArticleSnippetTests.swift" }
            .compactMap { url in (try? String(contentsOf: url, encoding: .utf8)).map { (url.lastPathComponent, $0) } }
            .filter { $0.1.contains(path) }
        #expect(files.count == 1, "\(article): \(files.map(\.0)) name \(path); exactly one example file must")
        let file = try #require(files.first)
        return (file.0, trimmedLines(file.1))
    }

    @Test(arguments: snippets.filter { !$0.isManifest })
    func aSnippetAppearsVerbatimInItsArticlesExampleFile(_ snippet: Snippet) throws {
        guard try Self.examplePackage(for: snippet.article) == nil else { return }
        let shown = Self.trimmedLines(snippet.lines.joined(separator: "\n"))
        let wanted = Array(shown.drop { $0.hasPrefix("import ") })
        #expect(!wanted.isEmpty)
        let file = try Self.exampleFile(for: snippet.article)
        let lines = file.lines
        let found =
            lines.count >= wanted.count
            && (0...(lines.count - wanted.count)).contains { Array(lines[$0..<$0 + wanted.count]) == wanted }
        #expect(found, "not in \(file.name): \(wanted.joined(separator: "\n"))")
    }

    /// A reader who copies an article's snippets, imports included, compiles exactly what its example file compiles:
    /// the file imports what the article shows and nothing else (but Testing, for its `@Test`s).
    @Test(arguments: Set(snippets.filter { !$0.isManifest }.map(\.article)).sorted())
    func anArticleShowsEveryImportItsCodeNeeds(_ article: String) throws {
        guard try Self.examplePackage(for: article) == nil else { return }
        let compiled = Self.snippets.filter { $0.article == article && !$0.isManifest }
        let shown = Self.imports(compiled.flatMap { Self.trimmedLines($0.lines.joined(separator: "\n")) })
        let file = try Self.exampleFile(for: article)
        #expect(Self.imports(file.lines).subtracting(["Testing"]) == shown.subtracting(["Testing"]), "\(file.name)")
        #expect(
            compiled.first.map { Self.imports(Self.trimmedLines($0.lines.joined(separator: "\n"))) }?.isEmpty == false,
            "\(article)'s first snippet shows its imports")
    }

    @Test(arguments: snippets.filter(\.isManifest))
    func aManifestSnippetNamesLibraryProducts(_ snippet: Snippet) throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let named = snippet.lines.joined().matches(of: /\.product\(name: "(\w+)", package: "FitKit"\)/).map {
            String($0.output.1)
        }
        #expect(!named.isEmpty)
        for product in named {
            #expect(manifest.contains(".library(name: \"\(product)\""), "\(product) is not a library product")
        }
    }

    @Test func swiftUICodeIsOnlyInApplePlatformSections() {
        #expect(Self.snippets.contains { $0.isApplePlatformsOnly })
        let appleOnly = ["import SwiftUI", "some View", ".task {", ".refreshable {"]
        for snippet in Self.snippets where !snippet.isApplePlatformsOnly {
            let text = snippet.lines.joined(separator: "\n")
            #expect(!appleOnly.contains { text.contains($0) }, "SwiftUI outside an Apple platforms section: \(snippet)")
        }
    }
}
