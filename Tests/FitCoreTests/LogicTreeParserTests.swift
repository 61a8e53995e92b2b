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
