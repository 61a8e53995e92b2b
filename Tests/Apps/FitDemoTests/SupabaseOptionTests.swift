import Booking
import FitContract
import FitCore
import FitDemoKit
import FitInMemory
import FitStores
import FitTesting
import Foundation
import Members
import PostgRESTTestServer
import Testing

/// `fit-demo --supabase-url … --supabase-key … --access-token …` over HTTP, against the PostgREST-speaking test
/// server in front of the demo's seed.
@Suite(.serialized) struct SupabaseOptionTests {
    static let anonKey = "demo-anon-key"

    /// A member's unsigned access token (the server decodes claims, as the client does).
    static func token(for member: Member) -> String {
        UnsignedToken.member(member.id, expiresAt: Date(timeIntervalSince1970: 4_102_444_800))
    }

    private func withProject(_ body: (URL) async throws -> Void) async throws {
        let database = try InMemoryDatabase.embedded(now: { DemoHarness.now })
        try await FitKitSeed.fixed.write(using: database.client(as: .service), now: DemoHarness.now)
        let server = try await PostgRESTTestServer.start(database: database, anonKey: Self.anonKey)
        do {
            try await body(server.baseURL)
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }

    @Test func theMembersCreditsComeFromTheProject() async throws {
        try await withProject { url in
            let run = await DemoHarness.run(
                "credits", "--supabase-url", url.absoluteString, "--supabase-key", Self.anonKey, "--access-token",
                Self.token(for: FitKitSeed.fixed.jordan))
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.hasPrefix("Jordan Lee: balance 10.00 credits"))
        }
    }

    @Test func theEnvironmentVariablesWorkAsTheOptionsDo() async throws {
        try await withProject { url in
            let run = await DemoHarness.run(
                ["book", DemoHarness.id(FitKitSeed.fixed.reformerPilates)],
                variables: [
                    "SUPABASE_URL": url.absoluteString, "SUPABASE_ANON_KEY": Self.anonKey,
                    "SUPABASE_ACCESS_TOKEN": Self.token(for: FitKitSeed.fixed.maya),
                ])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("Booked"))
            let again = await DemoHarness.run(
                ["book", DemoHarness.id(FitKitSeed.fixed.reformerPilates)],
                variables: [
                    "SUPABASE_URL": url.absoluteString, "SUPABASE_ANON_KEY": Self.anonKey,
                    "SUPABASE_ACCESS_TOKEN": Self.token(for: FitKitSeed.fixed.maya),
                ])
            #expect(again.errorLines == ["error: you have already booked that class"])
        }
    }

    @Test func theTourGoesOfflineAndSyncsOverTheProject() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fit-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withProject { url in
            let run = await DemoHarness.run(
                "--supabase-url", url.absoluteString, "--supabase-key", Self.anonKey, "--access-token",
                Self.token(for: FitKitSeed.fixed.maya), "--offline-replica",
                directory.appendingPathComponent("replica.json").path)
            #expect(run.status == 0, "\(run.errors)")
            let lines = run.output.split(separator: "\n").map(String.init)
            #expect(lines.contains("Timetable · offline · updated 25 minutes ago"))
            #expect(lines.contains("Outbox: 3 changes waiting for the server"))
            #expect(lines.contains("Back online · sync(): accepted 3, refused 0, pending 0 · 3 requests"))
            #expect(lines.contains("  Rating  Step Up 3 of 5"))
        }
    }

    @Test func withoutATokenNoMemberIsSignedIn() async throws {
        try await withProject { url in
            let run = await DemoHarness.run(
                "credits", "--supabase-url", url.absoluteString, "--supabase-key", Self.anonKey)
            #expect(run.status == 1)
            #expect(
                run.errorLines == [
                    "error: no member is signed in: pass a member's access token with --access-token or $SUPABASE_ACCESS_TOKEN"
                ])
        }
    }

    @Test func actingAsAnotherMemberIsRefusedClearly() async throws {
        try await withProject { url in
            let run = await DemoHarness.run(
                "credits", "--member", "Jordan", "--supabase-url", url.absoluteString, "--supabase-key", Self.anonKey,
                "--access-token", Self.token(for: FitKitSeed.fixed.maya))
            #expect(run.status == 1)
            #expect(run.errorLines == ["error: there is no member 'Jordan' (members: Maya Thompson)"])
        }
    }

    @Test func aMissingKeyOrABadURLIsOneLine() async {
        let noKey = await DemoHarness.run("credits", "--supabase-url", "https://abcd.supabase.co")
        #expect(
            noKey.errorLines == [
                "error: --supabase-url needs the project's anon key: --supabase-key or $SUPABASE_ANON_KEY"
            ])
        let badURL = await DemoHarness.run("credits", "--supabase-url", "abcd", "--supabase-key", "k")
        #expect(
            badURL.errorLines == ["error: 'abcd' is not a Supabase project URL (expected https://<ref>.supabase.co)"])
    }

    @Test func anUnreachableProjectIsOneLine() async throws {
        let database = try InMemoryDatabase.embedded()
        let server = try await PostgRESTTestServer.start(database: database, anonKey: Self.anonKey)
        let url = server.baseURL
        try await server.stop()
        let run = await DemoHarness.run(
            "credits", "--supabase-url", url.absoluteString, "--supabase-key", Self.anonKey, "--access-token",
            Self.token(for: FitKitSeed.fixed.maya))
        #expect(run.status == 1)
        #expect(run.errorLines.first?.hasPrefix("error: The server could not be reached") == true)
        // With an offline replica that has never synced, the error is the same connection error.
        let replica = FileManager.default.temporaryDirectory.appendingPathComponent("fit-demo-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: replica) }
        let offline = await DemoHarness.run(
            "credits", "--supabase-url", url.absoluteString, "--supabase-key", Self.anonKey, "--access-token",
            Self.token(for: FitKitSeed.fixed.maya), "--offline-replica", replica.path)
        #expect(offline.status == 1)
        #expect(offline.errorLines.first?.hasPrefix("error: The server could not be reached") == true)
    }

    /// `fit-demo watch --supabase-url …` follows the project through its Realtime (on Linux with the RealtimeWebSocket
    /// trait, which the tests build with): another member's booking and the member's own from another device show up.
    @Test func watchFollowsTheProjectThroughRealtime() async throws {
        #if RealtimeWebSocket || !os(Linux)
            let database = try InMemoryDatabase.embedded(now: { DemoHarness.now })
            try await FitKitSeed.fixed.write(using: database.client(as: .service), now: DemoHarness.now)
            let server = try await PostgRESTTestServer.start(database: database, anonKey: Self.anonKey)
            let output = OutputBuffer()
            let errors = OutputBuffer()
            let environment = DemoEnvironment(
                output: output.sink, errorOutput: errors.sink, now: { DemoHarness.now }, clock: ImmediateClock())
            let arguments = [
                "watch", "--changes", "3", "--supabase-url", server.baseURL.absoluteString, "--supabase-key",
                Self.anonKey, "--access-token", Self.token(for: FitKitSeed.fixed.maya),
            ]
            let watching = Task { await FitDemo.run(arguments: arguments, environment: environment) }
            await output.waitForText("Press Ctrl-C to stop.")
            _ = try await BookingQueries(client: database.client(as: .member(FitKitSeed.fixed.jordan.id)))
                .bookSession(id: FitKitSeed.fixed.reformerPilates)
            _ = try await BookingQueries(client: database.client(as: .member(FitKitSeed.fixed.maya.id)))
                .bookSession(id: FitKitSeed.fixed.spinAndCore)
            let status = await watching.value
            try await server.stop()
            #expect(status == 0, "\(errors.text)")
            let lines = output.lines.filter { !$0.isEmpty }
            #expect(lines.first?.contains("Maya Thompson's credits (balance 18.00)") == true)
            #expect(lines.contains { $0.hasPrefix("Reformer Pilates (") && $0.hasSuffix(": spots 8 → 7") }, "\(lines)")
            #expect(
                lines.contains { $0.hasPrefix("Spin & Core (") && $0.hasSuffix(": spots 14 → 13, you booked it") },
                "\(lines)")
            #expect(lines.contains("credits: balance 18.00 → 16.00"), "\(lines)")
        #endif
    }
}
