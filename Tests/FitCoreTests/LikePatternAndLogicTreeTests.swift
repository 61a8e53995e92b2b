@testable import FitCore
import Testing

/// SQL `LIKE` matching as PostgreSQL does it, plus PostgREST's `*`.
@Suite struct LikePatternTests {
    struct LikeCase: Sendable, CustomStringConvertible {
        let pattern: String
        let text: String
        let matches: Bool
        var caseInsensitive = false
        var description: String { "\(pattern) \(caseInsensitive ? "ilike" : "like") \(text) = \(matches)" }
    }

    @Test(arguments: [
        LikeCase(pattern: "abc", text: "abc", matches: true),
        LikeCase(pattern: "abc", text: "abcd", matches: false),
        LikeCase(pattern: "abc", text: "ab", matches: false),
        LikeCase(pattern: "", text: "", matches: true),
        LikeCase(pattern: "", text: "a", matches: false),
        LikeCase(pattern: "%", text: "", matches: true),
        LikeCase(pattern: "%", text: "anything", matches: true),
        LikeCase(pattern: "*", text: "anything", matches: true),
        LikeCase(pattern: "a%", text: "a", matches: true),
        LikeCase(pattern: "%a", text: "banana", matches: true),
        LikeCase(pattern: "%a", text: "bananas", matches: false),
        LikeCase(pattern: "%an%an%", text: "banana", matches: true),
        LikeCase(pattern: "%an%an%an%", text: "banana", matches: false),
        LikeCase(pattern: "b%%a", text: "banana", matches: true),
        LikeCase(pattern: "_", text: "", matches: false),
        LikeCase(pattern: "_", text: "é", matches: true),
        LikeCase(pattern: "__", text: "é", matches: false),
        LikeCase(pattern: "%_", text: "", matches: false),
        LikeCase(pattern: "_%_", text: "ab", matches: true),
        LikeCase(pattern: "a_c", text: "abc", matches: true),
        LikeCase(pattern: "a_c", text: "ac", matches: false),
        LikeCase(pattern: "100\\%", text: "100%", matches: true),
        LikeCase(pattern: "100\\%", text: "1000", matches: false),
        LikeCase(pattern: "a\\_c", text: "a_c", matches: true),
        LikeCase(pattern: "a\\_c", text: "abc", matches: false),
        LikeCase(pattern: "a\\*", text: "a*", matches: true),
        LikeCase(pattern: "a\\*", text: "ab", matches: false),
        LikeCase(pattern: "a\\\\b", text: "a\\b", matches: true),
        LikeCase(pattern: "Ab%", text: "abc", matches: false),
        LikeCase(pattern: "Ab%", text: "abc", matches: true, caseInsensitive: true),
        LikeCase(pattern: "%ÄÖ%", text: "xäöy", matches: true, caseInsensitive: true),
        LikeCase(pattern: "%mississippi", text: "mississippimississippi", matches: true),
        LikeCase(pattern: "%a%b%c%", text: String(repeating: "a", count: 2000) + "bc", matches: true),
    ])
    func matchesLikePostgreSQL(_ likeCase: LikeCase) {
        #expect(LikePattern(likeCase.pattern, caseInsensitive: likeCase.caseInsensitive).matches(likeCase.text) == likeCase.matches)
    }
}

/// PostgREST's logic-tree text, as passed to `or(_:)`.
@Suite struct LogicTreeParserTests {
    @Test func parsesNestedTrees() throws {
        let filters = try LogicTreeParser.parse("a.eq.1,or(b.is.null,not.and(c.gte.2,d.like.x*)),e.not.in.(1,2)")
        #expect(filters == [
            .condition(column: "a", operator: .eq, value: .string("1")),
            .or([
                .condition(column: "b", operator: .is, value: .null),
                .not(.and([
                    .condition(column: "c", operator: .gte, value: .string("2")),
                    .condition(column: "d", operator: .like, value: .string("x*")),
                ])),
            ]),
            .not(.condition(column: "e", operator: .in, value: .list([.string("1"), .string("2")]))),
        ])
    }

    @Test(arguments: [
        ("a.is.NULL", QueryValue.null), ("a.is.True", .bool(true)), ("a.is.false", .bool(false)),
    ])
    func isTakesNullTrueFalseInAnyCase(text: String, value: QueryValue) throws {
        #expect(try LogicTreeParser.parse(text) == [.condition(column: "a", operator: .is, value: value)])
    }

    @Test(arguments: [
        ("a.eq.", QueryValue.string("")),
        ("a.eq.\"\"", .string("")),
        ("a.eq.x.y.z", .string("x.y.z")),
        ("a.eq.\"(a),b\"", .string("(a),b")),
        ("a.eq.\"back\\\\slash\"", .string("back\\slash")),
        ("a.eq.2026-06-04T18:00:00+02:00", .string("2026-06-04T18:00:00+02:00")),
    ])
    func readsValues(text: String, value: QueryValue) throws {
        #expect(try LogicTreeParser.parse(text) == [.condition(column: "a", operator: .eq, value: value)])
    }

    @Test(arguments: [
        "", "a", "a.eq", "a.zz.1", "a.eq.1,", ",a.eq.1", "a.eq.1)", "and(a.eq.1", "or()", "a.in.1", "a.in.(1,2",
        "a.is.maybe", "a.eq.\"open", "not.a.eq.1", "a.eq.1 b.eq.2,(c.eq.1)",
    ])
    func rejectsMalformedTextWithPGRST100(_ text: String) {
        let error = #expect(throws: DatabaseError.self) { try LogicTreeParser.parse(text) }
        #expect(error?.code == "PGRST100")
        #expect(error?.message.contains("failed to parse logic tree") == true)
    }
}
