import Foundation
import Testing

/// The DocC articles (Modules/*/*.docc/*.md) cannot drift from code that compiles: every ```swift block in them
/// appears verbatim (modulo indentation and blank lines) in this target's example files, which are compiled and
/// run. Two kinds of block are exempt, and checked otherwise:
/// - blocks under a heading that ends with "(Apple platforms)": SwiftUI code, which cannot build on Linux; the
///   section says so;
/// - package manifest excerpts (`.package(…)`), whose `.product(name:package: "FitKit")` names must be library
///   products of Package.swift.
@Suite struct ArticleSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

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

    /// The example files' lines, trimmed, blank lines left out.
    static let exampleLines: [[String]] = {
        let folder = root.appendingPathComponent("Tests/DocumentationTests")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "swift" && $0.lastPathComponent != "ArticleSnippetTests.swift" }
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
            .map(trimmedLines)
    }()

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

    @Test(arguments: snippets.filter { !$0.isApplePlatformsOnly && !$0.isManifest })
    func aSnippetAppearsVerbatimInCompiledCode(_ snippet: Snippet) {
        let wanted = Self.trimmedLines(snippet.lines.joined(separator: "\n"))
        #expect(!wanted.isEmpty)
        let found = Self.exampleLines.contains { lines in
            guard lines.count >= wanted.count else { return false }
            return (0...(lines.count - wanted.count)).contains { Array(lines[$0..<$0 + wanted.count]) == wanted }
        }
        #expect(found, "not in Tests/DocumentationTests: \(wanted.joined(separator: "\n"))")
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
