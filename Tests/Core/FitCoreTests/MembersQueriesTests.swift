import FitCore
import FitTesting
import Members
import Testing

@Suite struct MembersQueriesTests {
    @Test func aMemberSeesOnlyThemselvesAndTheServiceRoleSeesEveryone() async throws {
        let fixture = try await FitFixture.make()
        #expect(try await MembersQueries(client: fixture.client(as: fixture.bob)).getMembers() == [fixture.bob])
        #expect(
            try await MembersQueries(client: fixture.service).getMembers().map(\.displayName).sorted()
                == fixture.members.map(\.displayName).sorted())
        #expect(try await MembersQueries(client: fixture.anonymous).getMembers().isEmpty)
    }
}
