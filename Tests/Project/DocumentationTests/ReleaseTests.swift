import FitCore
import Foundation
import Testing

/// The CHANGELOG's releases and the version the code reports agree: its sections are "Unreleased" and then one per
/// release, newest first, and the newest is ``FitKitVersion/current``.
@Suite struct ReleaseTests {
    static let root = ArticleSnippetTests.root

    /// The second-level headings of CHANGELOG.md.
    static func sections() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    /// `MAJOR.MINOR.PATCH` of a release heading ("0.1.0 — 2026-11-29"), or `nil` for any other heading.
    static func version(of heading: String) -> [Int]? {
        let parts = heading.split(separator: " — ")
        guard parts.count == 2, parts[1].wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil else { return nil }
        let numbers = parts[0].split(separator: ".").compactMap { Int($0) }
        return numbers.count == 3 ? numbers : nil
    }

    @Test func theNewestReleaseIsTheVersionTheCodeReports() throws {
        let sections = try Self.sections()
        #expect(sections.first == "Unreleased")
        let releases = sections.dropFirst()
        #expect(!releases.isEmpty)
        for heading in releases {
            #expect(Self.version(of: heading) != nil, "not a release heading: \(heading)")
        }
        let versions = releases.compactMap(Self.version(of:))
        #expect(versions.first?.map(String.init).joined(separator: ".") == FitKitVersion.current)
        #expect(zip(versions, versions.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) == false })
        #expect(Set(versions).count == versions.count, "a release is listed twice")
    }

    @Test func everyReleaseHasTheStudioDataTheUpgradeTestLoadsAtIt() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let fixtures = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Tests/Fixtures/Upgrades").path)
        // A release's section names the migrations it ends with; its last one is where its studio data is loaded.
        for section in text.split(separator: "\n## ").dropFirst() {
            guard let heading = section.split(separator: "\n").first, Self.version(of: String(heading)) != nil else {
                continue
            }
            let body = section.split(separator: "\n### ").first ?? section
            let last = body.matches(of: /`(\d{4})_[a-z_]+\.sql`/).map { String($0.1) }.max()
            #expect(last != nil, "\(heading) names no migration")
            if let last {
                #expect(fixtures.contains { $0.hasPrefix(last + "_") }, "no Tests/Fixtures/Upgrades/\(last)_*.sql")
            }
        }
    }
}
