import Testing

@testable import FitInMemory

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
        #expect(
            LikePattern(likeCase.pattern, caseInsensitive: likeCase.caseInsensitive).matches(likeCase.text)
                == likeCase.matches)
    }
}

/// PostgREST's logic-tree text, as passed to `or(_:)`.
