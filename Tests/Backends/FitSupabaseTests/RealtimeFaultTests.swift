import Booking
import FitContract
import FitCore
import FitInMemory
import FitOffline
import FitStores
import FitSupabase
import FitTesting
import Foundation
import PostgRESTTestServer
import Testing

/// FitSupabase's change feed when Realtime fails: the server killed, a connection that goes silent (caught by the
/// heartbeat on the test clock), a channel closed for an expired token, a rejoin refused, a join sent twice. Each
/// ends in `.missedChanges` once the channel is subscribed again — never a stalled stream or a silent gap — and a
/// following store that equals a fresh load. A table outside the publication and a filter Realtime cannot say are
/// typed errors.
@Suite(.timeLimit(.minutes(10))) struct RealtimeFaultTests {
    /// An embedded database behind the PostgREST and Realtime test servers, one studio, and a member's client whose
    /// socket reconnects and rejoins at once, heartbeats on `clock`.
    struct Rig {
        let database: InMemoryDatabase
        let http: PostgRESTTestServer
        let realtime: RealtimeTestServer
        let clock = TestClock()
        let member: UUID
        let studio: UUID
        let overWebSocket: Bool

        /// How often the rig's clients resync: two heartbeats.
        static let resync: Duration = .seconds(50)

        /// In-process, and over real WebSockets when the build has them.
        static let transports = PostgRESTTestServer.servesRealtimeOverWebSockets ? [false, true] : [false]

        static func with(overWebSocket: Bool, _ body: (Rig) async throws -> Void) async throws {
            let database = try InMemoryDatabase.embedded()
            let office = BackOffice(service: database.client(as: .service))
            let member = try await office.addMember("Ada").id
            let studio = try await office.addStudio(name: "Studio", timeZone: "Europe/London")
            let tables = FitKitContract.features.flatMap(\.schema.tables).filter(\.isExposed).map(\.name)
            let http = try await PostgRESTTestServer.start(
                database: database, anonKey: "anon-key", published: Set(tables).subtracting(["waitlist_settings"]))
            let rig = Rig(
                database: database, http: http, realtime: try #require(http.realtime), member: member, studio: studio,
                overWebSocket: overWebSocket)
            do {
                try await body(rig)
                try await http.stop()
            } catch {
                try? await http.stop()
                throw error
            }
        }

        func client() -> SupabaseDatabase {
            SupabaseDatabase(
                url: http.baseURL, anonKey: "anon-key",
                accessToken: UnsignedToken.member(member, expiresAt: .distantFuture),
                transport: PostgRESTTestServer.clientTransport,
                realtime: RealtimeConfiguration(
                    transport: http.realtimeTransport(overWebSocket: overWebSocket), clock: clock,
                    viewFeeds: FitKitContract.viewFeeds, reconnectBackoff: [.zero], resyncInterval: Self.resync))
        }

        /// A class added by the back office, straight into the database.
        @discardableResult
        func addClass(_ name: String) async throws -> UUID {
            try await BackOffice(service: database.client(as: .service)).addSession(
                at: studio, name: name, startsAt: Date().addingTimeInterval(86_400))
        }
    }

    @Test(arguments: Fault.allCases, Rig.transports)
    func theFeedReportsMissedChangesAfterTheFaultThenFlowsAgain(_ fault: Fault, overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            var changes = rig.client().changes(to: "class_sessions").makeAsyncIterator()
            let subscribed = try await changes.next()
            #expect(subscribed == .missedChanges(table: "class_sessions"))
            try await fault.happen(rig, adding: "During the fault")
            // Whatever the fault, the next thing the follower hears is that it missed changes (a change made once the
            // channel was back may follow as a row).
            let recovered = try await changes.next()
            #expect(recovered == .missedChanges(table: "class_sessions"))
            let after = try await rig.addClass("After")
            let key: [String: JSONValue] = ["id": .string(after.uuidString.lowercased())]
            while let change = try await changes.next() {
                if case .row(.insert, "class_sessions", key, _) = change { break }
            }
            #expect(rig.realtime.joinCount >= (fault.rejoins ? 2 : 1))
        }
    }

    @Test(arguments: Rig.transports)
    func followingAgainRightAfterStoppingGetsTheChanges(overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            let client = rig.client()
            for round in 0..<3 {
                // The last follower leaves (the socket closes) and a new one comes at once, on the same socket.
                let first = Task {
                    var changes = client.changes(to: "class_sessions").makeAsyncIterator()
                    return try await changes.next()
                }
                #expect(try await first.value == .missedChanges(table: "class_sessions"))
                var again = client.changes(to: "class_sessions").makeAsyncIterator()
                let subscribed = try await again.next()
                #expect(subscribed == .missedChanges(table: "class_sessions"))
                let added = try await rig.addClass("Round \(round)")
                let key: [String: JSONValue] = ["id": .string(added.uuidString.lowercased())]
                while let change = try await again.next() {
                    if case .row(.insert, "class_sessions", key, _) = change { break }
                }
            }
        }
    }

    /// A view follows three tables, each its own channel; its first subscription is one `.missedChanges` of the view,
    /// once all three are subscribed (a follower reloads once, not once a table), and a class added then arrives as
    /// the view's row.
    @Test(arguments: Rig.transports)
    func aViewsFirstSubscriptionIsReportedOnceForAllItsTables(overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            var changes = rig.client().changes(to: "bookable_sessions").makeAsyncIterator()
            #expect(try await changes.next() == .missedChanges(table: "bookable_sessions"))
            let added = try await rig.addClass("Added")
            let next = try await changes.next()
            #expect(
                next
                    == .row(
                        kind: .insert, table: "bookable_sessions",
                        key: ["session_id": .string(added.uuidString.lowercased())], row: nil))
        }
    }

    /// A fault that happens while a class is added, and the recovery after it.
    enum Fault: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case serverKilled = "the server killed"
        case silentConnection = "a silent connection"
        case expiredToken = "an expired token"
        case refusedRejoin = "a refused rejoin"
        case joinSentTwice = "a join sent twice"
        case restart = "Realtime restarting"
        case subscriptionRetriedByTheServer = "a subscription the server retries"
        case channelError = "a channel's phx_error"
        case oversizedChange = "a change too large to send"
        case droppedChange = "a change dropped past a rate limit"

        var testDescription: String { rawValue }

        /// Whether the channel is joined again after it (the others keep their channel).
        var rejoins: Bool { ![.oversizedChange, .droppedChange].contains(self) }

        /// Breaks Realtime, adds `name` while it is broken, and lets it recover.
        func happen(_ rig: Rig, adding name: String) async throws {
            switch self {
            case .serverKilled:
                rig.realtime.holdJoinReplies()
                rig.realtime.dropConnections()
                try await rig.addClass(name)
                await rig.realtime.releaseJoinReplies()
            case .silentConnection:
                rig.realtime.silence()
                await rig.clock.waitForSleepers()
                rig.clock.advance(by: .seconds(25))
                await rig.clock.waitForSleepers()
                try await rig.addClass(name)
                rig.clock.advance(by: .seconds(25))
            case .expiredToken:
                rig.realtime.holdJoinReplies()
                await rig.realtime.expireTokens()
                try await rig.addClass(name)
                await rig.realtime.releaseJoinReplies()
            case .refusedRejoin:
                rig.realtime.refuseJoins(1, reason: "InitializingProjectConnection: Connecting to the project database")
                rig.realtime.dropConnections()
                try await rig.addClass(name)
            case .restart:
                rig.realtime.holdJoinReplies()
                rig.realtime.restart(refusingJoins: 2)
                try await rig.addClass(name)
                await rig.realtime.releaseJoinReplies()
            case .subscriptionRetriedByTheServer:
                rig.realtime.failSubscriptions(1, reason: "Too many database timeouts")
                rig.realtime.dropConnections()
                try await rig.addClass(name)
            case .channelError:
                rig.realtime.holdJoinReplies()
                await rig.realtime.failChannels()
                try await rig.addClass(name)
                await rig.realtime.releaseJoinReplies()
            case .oversizedChange:
                rig.realtime.sendOversized(1)
                try await rig.addClass(name)
            case .droppedChange:
                // Past the tenant's rate limit the change is dropped without notice; the periodic resync covers it.
                rig.realtime.dropChanges(1)
                try await rig.addClass(name)
                for _ in 0..<2 {
                    await rig.clock.waitForSleepers()
                    rig.clock.advance(by: .seconds(25))
                }
            case .joinSentTwice:
                // The channel's join goes unanswered for a heartbeat and is sent again; the class is added meanwhile.
                rig.realtime.holdJoinReplies()
                await rig.realtime.expireTokens()
                await rig.clock.waitForSleepers()
                rig.clock.advance(by: .seconds(25))
                await rig.clock.waitForSleepers()
                try await rig.addClass(name)
                await rig.realtime.releaseJoinReplies()
            }
        }
    }

    @Test(arguments: Fault.allCases, Rig.transports)
    func aFollowingTimetableEqualsAFreshLoadAfterTheFault(_ fault: Fault, overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            try await Self.timetableConverges(after: fault, on: rig.client(), rig)
        }
    }

    /// FitOffline follows what its remote follows: the same faults behind an offline-first client end the same way.
    @Test(arguments: Fault.allCases)
    func behindFitOfflineAFollowingTimetableEqualsAFreshLoadAfterTheFault(_ fault: Fault) async throws {
        try await Rig.with(overWebSocket: false) { rig in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-fault-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let device = try OfflineFirstClient(
                remote: rig.client(), replicaURL: folder.appendingPathComponent("replica.json"),
                policy: FitKitContract.replicaPolicy, clock: TestClock())
            try await Self.timetableConverges(after: fault, on: device, rig)
        }
    }

    /// A timetable following on `client` while `fault` happens (a class added meanwhile) equals a fresh load after.
    static func timetableConverges(after fault: Fault, on client: any DatabaseClient, _ rig: Rig) async throws {
        let now = Date()
        let week = now.addingTimeInterval(7 * 86_400)
        let store = TimetableStore(queries: BookingQueries(client: client), locale: Locale(identifier: "en_GB"))
        await store.load(from: now, to: week)
        let following = Task { await store.follow() }
        try await rig.addClass("Before")
        await waitUntil { store.timetable?.sessions.map(\.name) == ["Before"] }
        try await fault.happen(rig, adding: "During the fault")
        await waitUntil { store.timetable?.sessions.count == 2 }
        let fresh = TimetableStore(queries: BookingQueries(client: rig.client()), locale: Locale(identifier: "en_GB"))
        await fresh.load(from: now, to: week)
        #expect(store.timetable == fresh.timetable)
        following.cancel()
        await following.value
        #expect(store.error == nil)
    }

    @Test(arguments: Rig.transports)
    func aTableOutsideThePublicationAndAFilterRealtimeCannotSayAreTypedErrors(overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            var unpublished = rig.client().changes(to: "waitlist_settings").makeAsyncIterator()
            let refusal = await #expect(throws: ChangeFeedError.self) { _ = try await unpublished.next() }
            guard case .notPublished(let table, let reason)? = refusal else {
                Issue.record("\(String(describing: refusal))")
                return
            }
            #expect(table == "waitlist_settings" && reason.contains("Unable to subscribe"))
            var filtered = rig.client().changes(
                to: "class_sessions", where: .condition(column: "name", operator: .like, value: .string("Y%"))
            ).makeAsyncIterator()
            let error = await #expect(throws: ChangeFeedError.self) { _ = try await filtered.next() }
            #expect(error == .filterNotSupported(backend: "SupabaseDatabase", filter: "name=like.Y%"))
            // A join refused for a reason Realtime does not list as passing trouble ends the stream with it.
            rig.realtime.refuseJoins(1, reason: "RealtimeDisabledForTenant: Realtime disabled for this tenant")
            var refused = rig.client().changes(to: "class_sessions").makeAsyncIterator()
            let gaveUp = await #expect(throws: RealtimeRefusal.self) { _ = try await refused.next() }
            #expect(gaveUp == .unavailable(reason: "RealtimeDisabledForTenant: Realtime disabled for this tenant"))
        }
    }

    /// A transport that never opens a socket.
    struct NowhereTransport: RealtimeTransport {
        func connect(to url: URL) async throws -> any RealtimeConnection {
            throw URLError(.cannotConnectToHost)
        }
    }

    @Test func aSocketThatNeverOpensEndsTheStreamAsUnreachable() async throws {
        let client = SupabaseDatabase(
            url: URL(string: "http://127.0.0.1:9")!, anonKey: "anon-key", accessToken: nil,
            transport: PostgRESTTestServer.clientTransport,
            realtime: RealtimeConfiguration(
                transport: NowhereTransport(), clock: TestClock(), reconnectBackoff: [.zero]))
        var changes = client.changes(to: "class_sessions").makeAsyncIterator()
        let error = await #expect(throws: ConnectionError.self) { _ = try await changes.next() }
        #expect(error?.kind == .unreachable)
        #expect(
            error?.reason.hasPrefix("Supabase Realtime could not be reached at ws://127.0.0.1:9/realtime/v1/websocket")
                == true)
        #expect(error?.reason.contains("\(URLError(.cannotConnectToHost))") == true)
        #expect(client.changeFollowerCount == 0)
    }
}
