import FitCore

/// The operators beyond PostgREST's basic comparisons: `like(all|any)`, `ilike(all|any)`, `match` / `imatch`
/// (POSIX regular expressions), `isdistinct`, and `cs` / `cd` / `ov` on arrays and jsonb. Each is checked matching,
/// not matching, with NULLs, negated, inside `or(…)` and on a column of the wrong type.
///
/// The array and jsonb columns of the seed (see `QuerySemantics+Schema.swift`):
///
/// | id | tags                 | scores  | attributes                                                        |
/// |----|----------------------|---------|-------------------------------------------------------------------|
/// | 1  | {red,blue}           | {1,2,3} | {"size":"L","colors":["red","blue"],"dims":{"w":10,"h":20}}        |
/// | 2  | {blue,"light blue"}  | {2}     | {"size":"M","colors":["green"]}                                   |
/// | 3  | NULL                 | NULL    | NULL                                                              |
/// | 4  | {}                   | {}      | {"size":"L","colors":[],"dims":{"w":10}}                          |
/// | 5  | {green,NULL}         | {4}     | ["red",1]                                                         |
extension QuerySemantics {
    private static func rows(_ client: any DatabaseClient) -> FilterBuilder {
        client.from("semantics_items").select().order("id")
    }

    /// Every operator case.
    public static var operators: [QuerySemanticsCase] { patternLists + regularExpressions + distinctness + containment }

    // MARK: like(all), like(any), ilike(all), ilike(any)

    static let patternLists: [QuerySemanticsCase] = [
        .init(
            "likeAllOf needs every pattern", { rows($0).likeAllOf("name", patterns: ["*a*", "*m*"]) },
            expect: .ids([4, 5])),
        .init(
            "likeAllOf with two anchored patterns", { rows($0).likeAllOf("name", patterns: ["G*", "*1"]) },
            expect: .ids([4])),
        .init(
            "likeAllOf fails when one pattern fails", { rows($0).likeAllOf("name", patterns: ["*z*", "*a*"]) },
            expect: .ids([])),
        .init(
            "likeAllOf with no patterns keeps every row, NULL included (ALL of nothing is true)",
            { rows($0).likeAllOf("name", patterns: []) }, expect: .ids([1, 2, 3, 4, 5])),
        .init(
            "likeAnyOf needs one pattern", { rows($0).likeAnyOf("name", patterns: ["A*", "b*"]) }, expect: .ids([1, 2])),
        .init("likeAnyOf is case-sensitive", { rows($0).likeAnyOf("name", patterns: ["a*", "B*"]) }, expect: .ids([])),
        .init(
            "likeAnyOf with no patterns matches nothing", { rows($0).likeAnyOf("name", patterns: []) }, expect: .ids([])
        ),
        .init(
            "likeAnyOf with an escaped % matches it literally",
            { rows($0).likeAnyOf("name", patterns: ["*\\%*", "x y,z"]) },
            expect: .ids([5])),
        .init("iLikeAllOf ignores case", { rows($0).iLikeAllOf("name", patterns: ["G*", "*MA"]) }, expect: .ids([5])),
        .init(
            "iLikeAnyOf ignores case", { rows($0).iLikeAnyOf("name", patterns: ["ALPHA", "BETA"]) },
            expect: .ids([1, 2])),
        .init(
            "not likeAnyOf never matches NULL",
            { rows($0).not("name", operator: .likeAny, value: ["A*", "b*"]) }, expect: .ids([4, 5])),
        .init(
            "like(any) inside or", { rows($0).or("name.like(any).{A*,b*},rank.eq.100") }, expect: .ids([1, 2, 4])),
        .init(
            "not ilike(all) inside or", { rows($0).or("name.not.ilike(all).{g*,*a}") }, expect: .ids([1, 2, 4])),
        .init(
            "likeAllOf on an integer column has no operator", { rows($0).likeAllOf("rank", patterns: ["1*"]) },
            expect: .error("42883")),
    ]

    // MARK: match, imatch

    static let regularExpressions: [QuerySemanticsCase] = [
        .init(
            "match with a start anchor and a class", { rows($0).match("name", pattern: "^[a-z]") },
            expect: .ids([2, 5])),
        .init(
            "match with an end anchor", { rows($0).match("name", pattern: "a$") }, expect: .ids([1, 2, 5])),
        .init(
            "match with alternation", { rows($0).match("name", pattern: "^(Alpha|beta)$") },
            expect: .ids([1, 2])),
        .init("match with a digit class", { rows($0).match("name", pattern: "_[0-9]+$") }, expect: .ids([4])),
        .init("match is case-sensitive", { rows($0).match("name", pattern: "^ALPHA$") }, expect: .ids([])),
        .init("imatch ignores case", { rows($0).imatch("name", pattern: "^G") }, expect: .ids([4, 5])),
        .init("imatch with .*", { rows($0).imatch("name", pattern: "^GAM.*A$") }, expect: .ids([5])),
        .init(
            "not match never matches NULL", { rows($0).not("name", operator: .match, value: "^[a-z]") },
            expect: .ids([1, 4])),
        .init("match and imatch inside or", { rows($0).or("name.match.^b,name.imatch.ALPHA") }, expect: .ids([1, 2])),
        .init(
            "match on an integer column has no operator", { rows($0).match("rank", pattern: "1") },
            expect: .error("42883")),
        .init(
            "an invalid regular expression is an error", { rows($0).match("name", pattern: "(") },
            expect: .error("2201B")),
    ]

    // MARK: isdistinct

    static let distinctness: [QuerySemanticsCase] = [
        .init("isDistinct keeps NULLs", { rows($0).isDistinct("rank", value: 10) }, expect: .ids([2, 3, 4, 5])),
        .init(
            "isDistinct from NULL keeps non-NULL values", { rows($0).isDistinct("rank", value: Int?.none) },
            expect: .ids([1, 2, 4, 5])),
        .init("isDistinct on text", { rows($0).isDistinct("code", value: "9") }, expect: .ids([1, 3, 5])),
        .init(
            "not isDistinct is a NULL-safe equality", { rows($0).not("rank", operator: .isdistinct, value: 10) },
            expect: .ids([1])),
        .init(
            "not isDistinct from NULL matches NULLs",
            { rows($0).not("active", operator: .isdistinct, value: QueryValue.null) },
            expect: .ids([3, 5])),
        .init(
            "isdistinct inside or", { rows($0).or("active.isdistinct.true,rank.eq.100") }, expect: .ids([2, 3, 4, 5])),
        .init(
            "isDistinct compares whole arrays", { rows($0).isDistinct("tags", value: ["blue"]) },
            expect: .ids([1, 2, 3, 4, 5])),
        .init(
            "not isDistinct is array equality",
            { rows($0).not("tags", operator: .isdistinct, value: ["blue", "light blue"]) },
            expect: .ids([2])),
        .init("isDistinct casts like eq", { rows($0).isDistinct("rank", value: "x") }, expect: .error("22P02")),
    ]

    // MARK: cs, cd, ov

    static let containment: [QuerySemanticsCase] = [
        .init("contains an element", { rows($0).contains("tags", value: ["red"]) }, expect: .ids([1])),
        .init("contains a shared element", { rows($0).contains("tags", value: ["blue"]) }, expect: .ids([1, 2])),
        .init(
            "contains an element with a space", { rows($0).contains("tags", value: ["light blue"]) }, expect: .ids([2])),
        .init("contains two elements", { rows($0).contains("tags", value: ["blue", "red"]) }, expect: .ids([1])),
        .init(
            "contains nothing holds for every array", { rows($0).contains("tags", value: [String]()) },
            expect: .ids([1, 2, 4, 5])),
        .init("contains a missing element", { rows($0).contains("tags", value: ["purple"]) }, expect: .ids([])),
        .init(
            "containedBy skips arrays with NULL elements",
            { rows($0).containedBy("tags", value: ["red", "blue", "green", "light blue"]) }, expect: .ids([1, 2, 4])),
        .init("overlaps one element", { rows($0).overlaps("tags", value: ["red", "green"]) }, expect: .ids([1, 5])),
        .init(
            "not overlaps never matches NULL", { rows($0).not("tags", operator: .ov, value: ["red", "green"]) },
            expect: .ids([2, 4])),
        .init(
            "eq with a list compares the whole array", { rows($0).eq("tags", value: ["red", "blue"]) },
            expect: .ids([1])),
        .init("neq with a list skips NULL arrays", { rows($0).neq("scores", value: [2]) }, expect: .ids([1, 4, 5])),
        .init(
            "contains with a NULL element is never true", { rows($0).contains("scores", value: [Int?.some(1), nil]) },
            expect: .ids([])),
        .init(
            "containedBy jsonb with an array literal does not cast",
            { rows($0).containedBy("attributes", value: ["a"]) },
            expect: .error("22P02")),
        .init("contains on integer[]", { rows($0).contains("scores", value: [2]) }, expect: .ids([1, 2])),
        .init(
            "overlaps casts text to integer[]", { rows($0).overlaps("scores", value: ["3", "4"]) },
            expect: .ids([1, 5])),
        .init("contains an array literal's text", { rows($0).contains("scores", value: "{1,3}") }, expect: .ids([1])),
        .init(
            "contains a non-integer in integer[]", { rows($0).contains("scores", value: ["x"]) },
            expect: .error("22P02")),
        .init("cs and ov inside or", { rows($0).or("tags.cs.{blue},tags.ov.{green}") }, expect: .ids([1, 2, 5])),
        .init("cd inside or", { rows($0).or("tags.cd.{blue,red},id.eq.3") }, expect: .ids([1, 3, 4])),
        .init(
            "contains on a text column has no operator", { rows($0).contains("name", value: ["a"]) },
            expect: .error("42883")),
        .init("contains jsonb: a key", { rows($0).contains("attributes", json: ["size": "L"]) }, expect: .ids([1, 4])),
        .init(
            "contains jsonb: an array element", { rows($0).contains("attributes", json: ["colors": ["red"]]) },
            expect: .ids([1])),
        .init(
            "contains jsonb: a nested object", { rows($0).contains("attributes", json: ["dims": ["w": 10]]) },
            expect: .ids([1, 4])),
        .init(
            "contains jsonb: every nested key",
            { rows($0).contains("attributes", json: ["dims": ["w": 10, "h": 20]]) },
            expect: .ids([1])),
        .init(
            "contains jsonb: a top-level array holds a scalar", { rows($0).contains("attributes", json: "red") },
            expect: .ids([5])),
        .init("contains jsonb: an array", { rows($0).contains("attributes", json: [1, "red"]) }, expect: .ids([5])),
        .init(
            "containedBy jsonb",
            { rows($0).containedBy("attributes", json: ["size": "M", "colors": ["green", "red"]]) },
            expect: .ids([2])),
        .init(
            "not contains jsonb never matches NULL",
            { rows($0).not("attributes", operator: .cs, value: #"{"size":"L"}"#) },
            expect: .ids([2, 5])),
        .init("jsonb cs inside or", { rows($0).or(#"attributes.cs.{"size":"M"},id.eq.5"#) }, expect: .ids([2, 5])),
        .init("contains invalid JSON", { rows($0).contains("attributes", value: "{size") }, expect: .error("22P02")),
        .init(
            "overlaps on jsonb has no operator", { rows($0).overlaps("attributes", value: ["a"]) },
            expect: .error("42883")),
    ]
}
