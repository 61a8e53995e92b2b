import FitCore
import FitSupabase
import Foundation
import Testing

/// What FitSupabase sends as `or=(…)` for a tree the builder's `or(_:)` read reads back as the same tree, as PostgREST
/// reads it: code point by code point, not `Character` by `Character`.
@Suite struct LogicTreeEncodingTests {
    static let database = SupabaseDatabase(
        url: TestTokens.projectURL, anonKey: TestTokens.anonKey, accessToken: nil, transport: RecordingTransport())
    static let encoder = PostgRESTRequestEncoder(projectURL: TestTokens.projectURL, anonKey: TestTokens.anonKey)

    /// The first two were found by fuzzing (Fuzz/Corpus/logic-tree/finding-*): U+0600 before the closing `"` the
    /// encoder adds joined it into one `Character`, and the tree no longer read back. In the third, a combining mark
    /// after a `"` inside the value hid the quote from the encoder, which left it unescaped.
    @Test(arguments: [
        String(decoding: [0x61, 0x2E, 0x65, 0x71, 0x2E, 0x2E, 0xFF, 0xFF, 0xD8, 0x80], as: UTF8.self),
        "=le.eq.Café Zürich,studio_na+.eq.ike.s\u{600}",
        "a.eq.\"\\\"\u{301},\"",
        "capacity.gt.10,and(name.eq.\"Spin, fast\",cancelled_at.is.null),title.in.(a,\"b c\",\"\")",
        "tags.cs.{a,\"b c\"},name.like(all).{A*,*z},title.not.ilike(any).{x},tags.ov.{}",
        "meta.cs.{\"k\":[1,{\"n\":\"}\"}]},name.match.\"^a(b|c)$\",rank.isdistinct.3,not.or(name.imatch.x,tags.cd.{})",
        "name.eq.\"{x\",title.eq.},a.eq.{y}z,b.eq.{",
    ])
    func theOrParameterReadsBackAsTheSameTree(_ text: String) throws {
        let filters = Self.database.from("events").select().or(text).query.filters
        try #require(filters.count == 1)
        let query = DatabaseQuery(target: "events", operation: .select, filters: filters)
        let request = try Self.encoder.request(for: query, accessToken: nil)
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let sent = Array(try #require(items.first { $0.name == "or" }?.value).unicodeScalars)
        #expect(sent.first == "(" && sent.last == ")")
        var members = String.UnicodeScalarView()
        members.append(contentsOf: sent.dropFirst().dropLast())
        #expect(Self.database.from("events").select().or(String(members)).query.filters == filters)
    }

    /// A list built in Swift for an array operator goes out as the array literal `{a,b c}`, which PostgREST reads
    /// as one value; `in` keeps its `(…)`.
    @Test func anArrayOperatorsListIsSentAsAnArrayLiteral() throws {
        let filters: [Filter] = [
            .or([
                .condition(column: "tags", operator: .cs, value: .list([.string("a"), .string("b c")])),
                .condition(column: "name", operator: .likeAny, value: .list([.string("A*")])),
                .condition(column: "id", operator: .in, value: .list([.integer(1), .integer(2)])),
            ]),
            .condition(column: "tags", operator: .ov, value: .list([.string("x,y"), .null])),
        ]
        let query = DatabaseQuery(target: "events", operation: .select, filters: filters)
        let request = try Self.encoder.request(for: query, accessToken: nil)
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.first { $0.name == "or" }?.value == "(tags.cs.{a,b c},name.like(any).{A*},id.in.(1,2))")
        #expect(items.first { $0.name == "tags" }?.value == "ov.{\"x,y\",NULL}")
        #expect(
            query.description
                == "GET /events?select=*&or=(tags.cs.{a,b c},name.like(any).{A*},id.in.(1,2))&tags=ov.{\"x,y\",NULL}"
        )
    }
}
