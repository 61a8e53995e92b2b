import FitInMemory
import Foundation
import Testing

@testable import FitCore

/// The operators beyond the basic comparisons: what each builder method adds, how the query prints (PostgREST's
/// URL shape, as supabase-swift sends it), and how `or()` reads them.
@Suite struct FilterOperatorTests {
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let build: @Sendable (FilterBuilder) -> FilterBuilder
        let filter: Filter
        let text: String
    }

    private static let client: any DatabaseClient = try! InMemoryDatabase().client(as: .service)

    static let cases: [Case] = [
        .init(
            description: "likeAllOf", build: { $0.likeAllOf("email", patterns: ["%@supabase.io", "%@supabase.com"]) },
            filter: .condition(
                column: "email", operator: .likeAll,
                value: .list([.string("%@supabase.io"), .string("%@supabase.com")])),
            text: "email=like(all).{%@supabase.io,%@supabase.com}"),
        .init(
            description: "likeAnyOf", build: { $0.likeAnyOf("a", patterns: ["x*", "y z"]) },
            filter: .condition(column: "a", operator: .likeAny, value: .list([.string("x*"), .string("y z")])),
            text: "a=like(any).{x*,y z}"),
        .init(
            description: "iLikeAllOf", build: { $0.iLikeAllOf("a", patterns: ["a,b"]) },
            filter: .condition(column: "a", operator: .ilikeAll, value: .list([.string("a,b")])),
            text: "a=ilike(all).{\"a,b\"}"),
        .init(
            description: "iLikeAnyOf", build: { $0.iLikeAnyOf("a", patterns: [""]) },
            filter: .condition(column: "a", operator: .ilikeAny, value: .list([.string("")])),
            text: "a=ilike(any).{\"\"}"),
        .init(
            description: "match", build: { $0.match("a", pattern: "^x(y|z)$") },
            filter: .condition(column: "a", operator: .match, value: .string("^x(y|z)$")), text: "a=match.^x(y|z)$"),
        .init(
            description: "imatch", build: { $0.imatch("a", pattern: "x") },
            filter: .condition(column: "a", operator: .imatch, value: .string("x")), text: "a=imatch.x"),
        .init(
            description: "isDistinct", build: { $0.isDistinct("a", value: 3) },
            filter: .condition(column: "a", operator: .isdistinct, value: .integer(3)), text: "a=isdistinct.3"),
        .init(
            description: "contains an array", build: { $0.contains("tags", value: ["is:online", "faction:red"]) },
            filter: .condition(
                column: "tags", operator: .cs, value: .list([.string("is:online"), .string("faction:red")])),
            text: "tags=cs.{is:online,faction:red}"),
        .init(
            description: "contains JSON", build: { $0.contains("address", json: ["postcode": 90210]) },
            filter: .condition(column: "address", operator: .cs, value: .string(#"{"postcode":90210}"#)),
            text: #"address=cs.{"postcode":90210}"#),
        .init(
            description: "containedBy JSON", build: { $0.containedBy("meta", json: ["age": 18]) },
            filter: .condition(column: "meta", operator: .cd, value: .string(#"{"age":18}"#)),
            text: #"meta=cd.{"age":18}"#),
        .init(
            description: "containedBy an array", build: { $0.containedBy("ids", value: [1, 2]) },
            filter: .condition(column: "ids", operator: .cd, value: .list([.integer(1), .integer(2)])),
            text: "ids=cd.{1,2}"),
        .init(
            description: "overlaps", build: { $0.overlaps("tags", value: ["a", nil]) },
            filter: .condition(column: "tags", operator: .ov, value: .list([.string("a"), .null])),
            text: "tags=ov.{a,NULL}"),
        .init(
            description: "not overlaps", build: { $0.not("tags", operator: .ov, value: ["a"]) },
            filter: .not(.condition(column: "tags", operator: .ov, value: .list([.string("a")]))),
            text: "tags=not.ov.{a}"),
        .init(
            description: "eq with a list", build: { $0.eq("tags", value: ["a", "b"]) },
            filter: .condition(column: "tags", operator: .eq, value: .list([.string("a"), .string("b")])),
            text: "tags=eq.{a,b}"),
    ]

    @Test(arguments: cases)
    func eachBuilderMethodAddsItsFilterAndPrintsAsPostgREST(_ operatorCase: Case) {
        let query = operatorCase.build(Self.client.from("t").select()).query
        #expect(query.filters == [operatorCase.filter])
        #expect(query.description == "GET /t?select=*&" + operatorCase.text)
    }

    @Test func orReadsModifiersAndArrayLiteralsAsOneValue() throws {
        let filters = try LogicTreeParser.parse(
            #"tags.cs.{a,"b,c"},name.not.ilike(any).{x*,(y)},meta.cd.{"k":[1,2]},a.isdistinct.null,b.match.^q"#)
        #expect(
            filters == [
                .condition(column: "tags", operator: .cs, value: .string(#"{a,"b,c"}"#)),
                .not(.condition(column: "name", operator: .ilikeAny, value: .string("{x*,(y)}"))),
                .condition(column: "meta", operator: .cd, value: .string(#"{"k":[1,2]}"#)),
                .condition(column: "a", operator: .isdistinct, value: .string("null")),
                .condition(column: "b", operator: .match, value: .string("^q")),
            ])
        #expect(
            Filter.or(filters).description
                == #"or(tags.cs.{a,"b,c"},name.not.ilike(any).{x*,(y)},meta.cd.{"k":[1,2]},a.isdistinct.null,b.match.^q)"#
        )
    }

    @Test(arguments: ["a.like(all.{x}", "a.like(some).{x}", "a.eq(any).{1}"])
    func anUnknownModifierIsAParseError(_ text: String) {
        let error = #expect(throws: DatabaseError.self) { try LogicTreeParser.parse(text) }
        #expect(error?.code == "PGRST100")
    }

    @Test func anUnclosedBraceIsPlainText() throws {
        #expect(
            try LogicTreeParser.parse("a.eq.{x,b.eq.y")
                == [
                    .condition(column: "a", operator: .eq, value: .string("{x")),
                    .condition(column: "b", operator: .eq, value: .string("y")),
                ])
    }
}
