import Testing

@testable import FitCore

@Suite struct LogicTreeParserTests {
    @Test func parsesNestedTrees() throws {
        let filters = try LogicTreeParser.parse("a.eq.1,or(b.is.null,not.and(c.gte.2,d.like.x*)),e.not.in.(1,2)")
        #expect(
            filters == [
                .condition(column: "a", operator: .eq, value: .string("1")),
                .or([
                    .condition(column: "b", operator: .is, value: .null),
                    .not(
                        .and([
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

    /// Found by fuzzing (Fuzz/Corpus/logic-tree/finding-*): U+0600, a "prepend" mark, joins the `,`, `)` or `"`
    /// after it into one `Character`; read as Characters, that delimiter was lost. PostgREST reads code points.
    @Test func aDelimiterAfterAPrependMarkStillEndsTheValue() throws {
        #expect(
            try LogicTreeParser.parse("a.eq.x\u{600},b.eq.1") == [
                .condition(column: "a", operator: .eq, value: .string("x\u{600}")),
                .condition(column: "b", operator: .eq, value: .string("1")),
            ])
        #expect(
            try LogicTreeParser.parse("a.eq.\"x,\u{600}\",b.in.(\u{600})") == [
                .condition(column: "a", operator: .eq, value: .string("x,\u{600}")),
                .condition(column: "b", operator: .in, value: .list([.string("\u{600}")])),
            ])
    }

    @Test func readsTheFuzzedInputsThatLostADelimiter() throws {
        let first = String(decoding: [0x61, 0x2E, 0x65, 0x71, 0x2E, 0x2E, 0xFF, 0xFF, 0xD8, 0x80], as: UTF8.self)
        #expect(
            try LogicTreeParser.parse(first) == [
                .condition(column: "a", operator: .eq, value: .string(".\u{FFFD}\u{FFFD}\u{600}"))
            ])
        #expect(
            try LogicTreeParser.parse("=le.eq.Café Zürich,studio_na+.eq.ike.s\u{600}") == [
                .condition(column: "=le", operator: .eq, value: .string("Café Zürich")),
                .condition(column: "studio_na+", operator: .eq, value: .string("ike.s\u{600}")),
            ])
    }

    /// Found by the fuzz target's nesting property (Fuzz/Corpus/logic-tree/deep-negated-99): 99 `or(` around
    /// `a.not.eq.1` parsed, but with its `not` and the builder's `or` it nests 101 levels, past the builder's limit.
    @Test func aNegatedConditionCountsAsALevelOfNesting() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "or(", count: depth) + "a.not.eq.1" + String(repeating: ")", count: depth)
        }
        let deepest = try LogicTreeParser.parse(nested(98))
        #expect(Filter.or(deepest).nesting == Filter.maximumNesting)
        let error = #expect(throws: DatabaseError.self) { try LogicTreeParser.parse(nested(99)) }
        #expect(error?.code == "PGRST100")
        #expect(error?.details == "and( / or( / not. nested more than 99 levels deep")
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
