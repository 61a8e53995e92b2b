import FitCore
import Testing

/// A query's description says what FitSupabase sends: the method, the URL's parameters quoted as PostgREST reads
/// them, and the body only when there is one.
@Suite struct QueryDescriptionQuotingTests {
    @Test func aReadOnlyCallIsDescribedAsTheGETOrHEADItIs() {
        var call = DatabaseQuery(target: "tagged", operation: .rpc, body: ["tags": ["a,b", "c"], "n": 2])
        call.isReadOnly = true
        #expect(call.description == #"GET /rpc/tagged?n=2&tags={"a,b",c}"#)
        var head = DatabaseQuery(target: "tagged", operation: .rpc, head: true, body: ["n": 2])
        head.isReadOnly = true
        #expect(head.description == "HEAD /rpc/tagged?n=2")
        let post = DatabaseQuery(target: "tagged", operation: .rpc, body: ["n": 2])
        #expect(post.description == #"POST /rpc/tagged body={"n":2}"#)
    }

    @Test func aBulkInsertDescribesItsColumnsQuotedAsSent() {
        let insert = DatabaseQuery(target: "users", operation: .insert, body: [["a,b": 1, "plain": 2]])
        #expect(insert.description.hasPrefix(#"POST /users?columns="a,b",plain"#))
    }
}
