import FitKitTestSupport
import Foundation
import Testing

@testable import FitContract

/// The Swift mirror names, for each function, view, trigger and table it mirrors, the migration that defines it
/// (`book_session(…) of 0010_accounts.sql`). A later migration that replaces the object leaves that pointer stale;
/// this fails until the pointer names the migration that defines the object last.
@Suite("The mirror's pointers into the migrations")
struct MigrationReferencesTests {
    /// Every function, view, trigger and table the migrations create, with the last migration that creates it.
    static func lastDefinitions() throws -> [String: String] {
        var last: [String: String] = [:]
        let definition =
            /(?i)create\s+(?:or\s+replace\s+)?(?:constraint\s+)?(?:materialized\s+)?(?:function|view|trigger|table)\s+(?:if\s+not\s+exists\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)/
        for file in try RepositoryFiles.files(under: "Backend/migrations", withExtension: "sql") {
            let name = String(file.path.split(separator: "/").last!)
            for match in file.text.matches(of: definition) { last[String(match.1).lowercased()] = name }
        }
        return last
    }

    /// A mirror's pointer: a name in backticks (a signature may follow it inside them), then `of`, `(`, or the kind
    /// of object and one of those, then the migration in backticks.
    static var pointer: Regex<(Substring, Substring, Substring)> {
        /`([a-z_][a-z0-9_]*)[^`]*`(?:\s+(?:view|table|trigger|function))?\s+(?:of\s+|\()`(?:Backend\/migrations\/)?(\d{4}_[a-z0-9_]+\.sql)`/
    }

    /// The Swift mirror's files, comments joined into running text (a pointer may break across lines).
    static func mirrorText() throws -> [(path: String, text: String)] {
        try RepositoryFiles.files(under: "Modules/Contract/FitContract", withExtension: "swift").map { file in
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.trimmingCharacters(in: .whitespaces).replacing(/^\/\/\/?\s?/, with: "")
            }
            return (file.path, lines.joined(separator: " "))
        }
    }

    @Test("every pointer names the migration that defines the object last")
    func pointersNameTheLastDefinition() throws {
        let last = try Self.lastDefinitions()
        var checked = 0
        for file in try Self.mirrorText() {
            for match in file.text.matches(of: Self.pointer) {
                let object = String(match.1)
                guard let defining = last[object] else { continue }
                checked += 1
                #expect(
                    String(match.2) == defining,
                    "\(file.path): `\(object)` points at \(match.2), but \(defining) defines it last")
            }
        }
        // The pattern must keep finding the pointers, or this would pass with none checked.
        #expect(checked >= 15, "only \(checked) pointers found")
    }

    @Test("the definitions found include the functions, views, triggers and tables the mirror names")
    func definitionsAreFound() throws {
        let last = try Self.lastDefinitions()
        for object in ["book_session", "bookable_sessions", "credit_ledger", "fitkit_count_bookings", "join_waitlist"] {
            #expect(last[object] != nil, "\(object)")
        }
    }

    @Test("book_session's result has the keys the SQL builds, in its order, whatever bookings' columns")
    func bookSessionIsShapedAsTheSQLShapesIt() throws {
        let last = try Self.lastDefinitions()
        let file = try #require(last["book_session"])
        let sql = try RepositoryFiles.text("Backend/migrations/\(file)")
        let start = try #require(sql.range(of: "function public.book_session("))
        let body = sql[start.upperBound...]
        let end = try #require(body.range(of: "$$;"))
        let built = try #require(body[..<end.lowerBound].firstMatch(of: /json_build_object\(([^;]*)\);/))
        let keys = built.1.matches(of: /'([a-z_]+)',/).map { String($0.1) }
        #expect(keys == BookSession.resultColumns)
    }
}
