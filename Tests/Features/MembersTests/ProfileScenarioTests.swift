import FitContract
import FitCore
import Foundation
import Members
import ScenarioBackends
import Testing

/// A member's own profile, written once and run on every backend: they change their display name and time zone, only
/// their own, and bad input is a typed refusal that changes nothing.
@Suite("A member's profile on every backend")
struct ProfileScenarioTests {
    static func stored(_ member: UUID, in session: ScenarioSession) async throws -> Member {
        try #require(
            try await MembersQueries(client: session.service).getMembers().first { $0.id == member })
    }

    @Test(
        "a member changes their name and time zone, each alone or both, and sees the row as stored",
        arguments: ScenarioBackend.available)
    func changingTheProfile(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let alice = session.seed.alice
            let queries = MembersQueries(client: session.client(alice.id))
            let renamed = try await queries.updateProfile(displayName: "  Alice A.\n")
            #expect(
                renamed == Member(id: alice.id, displayName: "Alice A.", email: alice.email, timeZone: alice.timeZone))
            let moved = try await queries.updateProfile(timeZone: "Europe/Berlin")
            #expect(moved.displayName == "Alice A." && moved.timeZone == "Europe/Berlin")
            let both = try await queries.updateProfile(displayName: "Alice", timeZone: "Asia/Tokyo")
            #expect(both.displayName == "Alice" && both.timeZone == "Asia/Tokyo")
            #expect(try await queries.updateProfile() == both)
            #expect(try await Self.stored(alice.id, in: session) == both)
            // Bob's row is untouched.
            #expect(try await Self.stored(session.seed.bob.id, in: session) == session.seed.bob)
        }
    }

    @Test(
        "bad input is refused with its code and changes nothing",
        arguments: [
            (String?.some(""), String?.none, ProfileError.invalidDisplayName),
            (" \t\n ", nil, .invalidDisplayName),
            (String(repeating: "é", count: 81), nil, .invalidDisplayName),
            ("Alice", "Mars/Olympus", .unknownTimeZone),
            (nil, "europe/berlin", .unknownTimeZone),
            (nil, "", .unknownTimeZone),
        ])
    func badInputIsRefused(displayName: String?, timeZone: String?, error: ProfileError) async throws {
        for backend in ScenarioBackend.available {
            try await backend.with { session in
                let alice = session.seed.alice
                let queries = MembersQueries(client: session.client(alice.id))
                await #expect(throws: error, "\(backend)") {
                    try await queries.updateProfile(displayName: displayName, timeZone: timeZone)
                }
                let stored = try await Self.stored(alice.id, in: session)
                #expect(stored == alice, "\(backend)")
            }
        }
    }

    @Test(
        "a name of exactly 80 characters is taken, counted as PostgreSQL counts them",
        arguments: ScenarioBackend.available)
    func theLimitIsInclusive(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let name = String(repeating: "é", count: MembersQueries.displayNameLimit)
            let changed = try await MembersQueries(client: session.client(session.seed.alice.id))
                .updateProfile(displayName: name)
            #expect(changed.displayName == name)
        }
    }

    @Test(
        "nobody signed in, and the service role, get FB009; members cannot write the table directly",
        arguments: ScenarioBackend.available)
    func onlyTheMemberThemselves(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            for client in [session.anonymous, session.service] {
                await #expect(throws: AccountError.notSignedIn) {
                    try await MembersQueries(client: client).updateProfile(displayName: "Mallory")
                }
            }
            let bob = session.seed.bob
            let error = await #expect(throws: DatabaseError.self) {
                try await session.client(session.seed.alice.id).from("members").update(["display_name": "Mallory"])
                    .eq("id", value: bob.id).execute()
            }
            #expect(error?.code == "42501")
            let stored = try await Self.stored(bob.id, in: session)
            #expect(stored == bob)
        }
    }
}
