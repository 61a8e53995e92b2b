import FitCore
import FitSupabase
import Foundation
import Testing

/// The golden table: each call sends exactly the reviewed requests.
@Suite struct GoldenRequestTests {
    static func database(_ transport: RecordingTransport) -> SupabaseDatabase {
        SupabaseDatabase(
            url: TestTokens.projectURL, anonKey: TestTokens.anonKey,
            accessToken: TestTokens.member(GoldenValues.alice), transport: transport)
    }

    @Test(arguments: GoldenRequestTable.featureRequests + GoldenRequestTable.builderRequests)
    func sendsExactlyTheReviewedRequests(_ row: GoldenRequest) async throws {
        let transport = RecordingTransport()
        try? await row.send(Self.database(transport))
        // Concurrent requests (a class and a booking looked up at once) may go out in either order.
        let sent = transport.requests.map(GoldenRequest.render).sorted()
        #expect(sent == row.expected.sorted())
        if sent != row.expected {
            print("GOLDEN \(row.name)\n" + sent.map { "<<<\n\($0)\n>>>" }.joined(separator: "\n"))
        }
    }

    @Test func theTableCoversEveryFeatureRequestOnce() {
        let names = (GoldenRequestTable.featureRequests + GoldenRequestTable.builderRequests).map(\.name)
        #expect(Set(names).count == names.count)
        #expect(GoldenRequestTable.featureRequests.count == 28)
    }
}

/// A schema other than the API's default goes in `Accept-Profile` for reads and `Content-Profile` for writes.
@Suite struct SchemaProfileTests {
    @Test func readsAskWithAcceptProfileAndWritesWithContentProfile() async throws {
        let transport = RecordingTransport()
        let database = SupabaseDatabase(
            url: TestTokens.projectURL, anonKey: TestTokens.anonKey, accessToken: nil, schema: "studio",
            transport: transport)
        try await database.from("events").select("id").execute()
        try await database.from("events").insert(["title": "x"] as JSONValue).execute()
        try await database.rpc("credit_summary").execute()
        let profiles = transport.requests.map { [$0.headers["Accept-Profile"], $0.headers["Content-Profile"]] }
        #expect(profiles == [["studio", nil], [nil, "studio"], [nil, "studio"]])
    }
}
