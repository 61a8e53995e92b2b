import FitContract
import FitCore
import FitKitTestSupport
import Foundation
import Testing

/// The generic layers (the interface and the backends) name nothing of FitKit's own contract: every table, view,
/// function and business-rule code lives in FitContract, and they read its declarations as data.
@Suite("Generic layers know no contract name")
struct GenericLayersTests {
    static let genericModules = ["FitWire", "FitCore", "FitInMemory", "FitPostgres", "FitSupabase", "FitOffline"]

    /// Every name the contract declares: its tables, views and functions.
    static var contractNames: [String] {
        let schema = FitKitContract.schema
        return (schema.relationNames + schema.functions.map(\.name)).sorted()
    }

    /// Where `name` is written in `text`: anywhere for a name with an underscore (`class_sessions`), quoted or in
    /// code voice for a plain word (`"events"`, `` `events` ``), which prose may use in its ordinary sense.
    static func mentions(of name: String, in text: String) -> Int {
        guard name.contains("_") else {
            return text.ranges(of: "\"\(name)\"").count + text.ranges(of: "`\(name)`").count
        }
        func isNamePart(_ character: Character?) -> Bool {
            character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
        }
        return text.ranges(of: name).filter { range in
            !isNamePart(range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil)
                && !isNamePart(range.upperBound < text.endIndex ? text[range.upperBound] : nil)
        }.count
    }

    @Test("the contract declares the names this test looks for")
    func contractHasNames() {
        #expect(Self.contractNames.contains("bookable_sessions"))
        #expect(Self.contractNames.contains("book_session"))
        #expect(Self.contractNames.count >= 14)
        #expect(FitKitContract.errors.map(\.code).contains("FB001"))
    }

    @Test(
        "the finder catches a contract name where it is written",
        arguments: [
            ("from(\"events\")", "events", 1), ("the `events` table", "events", 1), ("change events", "events", 0),
            ("bookable_sessions view", "bookable_sessions", 1), ("my_bookable_sessions_x", "bookable_sessions", 0),
        ])
    func finderCatchesNames(text: String, name: String, expected: Int) {
        #expect(Self.mentions(of: name, in: text) == expected)
    }

    @Test("a generic module's sources name no contract table, view, function or error code", arguments: genericModules)
    func genericModuleNamesNoContractName(module: String) throws {
        let codes = Set(FitKitContract.errors.map(\.code))
        var found: [String] = []
        for (path, text) in try RepositoryFiles.files(
            under: RepositoryFiles.moduleFolder(module), withExtension: "swift")
        {
            for name in Self.contractNames where Self.mentions(of: name, in: text) > 0 {
                found.append("\(path): \(name)")
            }
            for code in codes.sorted() where text.contains(code) { found.append("\(path): \(code)") }
        }
        #expect(found.isEmpty, "contract names in \(module):\n\(found.joined(separator: "\n"))")
    }
}
