import Booking
import Credits
import FitContract
import FitCore
import FitInMemory
import FitStores
import FitSupabase
import FitTesting
import Foundation
import PostgRESTTestServer
import Testing

/// What Supabase Realtime's sources say it does, each through FitSupabase against the Realtime test server (which
/// names the source file of each behaviour): refusals for good end a follower with a typed error naming the server's
/// reason and leave the channel; passing trouble is retried for a minute; a socket that will not open is reported;
/// nothing leaves the socket in a state where later follows do nothing. The recoveries (a restart, a subscription the
/// server retries, `phx_error`, a change too large, a change dropped) are `RealtimeFaultTests.Fault` cases, run on the
/// feed and on a following store.
@Suite(.timeLimit(.minutes(10))) struct RealtimeServerBehaviourTests {
    typealias Rig = RealtimeFaultTests.Rig

    /// A client of `rig`'s project with `configure` applied to its Realtime configuration.
    static func client(
        _ rig: Rig, token: String? = nil, schema: String? = nil,
        _ configure: (inout RealtimeConfiguration) -> Void = { _ in }
    ) -> SupabaseDatabase {
        var realtime = RealtimeConfiguration(
            transport: rig.http.realtimeTransport(overWebSocket: rig.overWebSocket), clock: rig.clock,
            viewFeeds: FitKitContract.viewFeeds, reconnectBackoff: [.zero], resyncInterval: Rig.resync)
        configure(&realtime)
        return SupabaseDatabase(
            url: rig.http.baseURL, anonKey: "anon-key",
            accessToken: token ?? UnsignedToken.member(rig.member, expiresAt: .distantFuture), schema: schema,
            transport: PostgRESTTestServer.clientTransport, realtime: realtime)
    }

    /// The first thing a follower of `table` hears: the error its stream ends with, or `nil` when it is subscribed.
    static func firstWord(_ client: SupabaseDatabase, table: String = "class_sessions") async -> (any Error)? {
        var changes = client.changes(to: table).makeAsyncIterator()
        do {
            let first = try await changes.next()
            #expect(first == .missedChanges(table: table))
            return nil
        } catch {
            return error
        }
    }

    static let permanentRefusals: [(String, RealtimeRefusal)] = [
        (
            "PrivateOnly: This project only allows private channels",
            .privateChannelsOnly(reason: "PrivateOnly: This project only allows private channels")
        ),
        (
            "InvalidJWTToken: Token has expired 12 seconds ago",
            .unauthorized(reason: "InvalidJWTToken: Token has expired 12 seconds ago")
        ),
        (
            "ChannelRateLimitReached: Too many channels",
            .rateLimited(reason: "ChannelRateLimitReached: Too many channels")
        ),
        (
            "ClientJoinRateLimitReached: Too many joins per second",
            .rateLimited(reason: "ClientJoinRateLimitReached: Too many joins per second")
        ),
        (
            "TenantNotFound: Tenant with the given ID does not exist",
            .unavailable(reason: "TenantNotFound: Tenant with the given ID does not exist")
        ),
    ]

    @Test(
        "a join refused for good ends the follower with its reason; the socket closes, and the next follow works",
        arguments: permanentRefusals.indices, Rig.transports)
    func aPermanentRefusalIsTypedAndLeavesNothingBehind(index: Int, overWebSocket: Bool) async throws {
        let (reason, expected) = Self.permanentRefusals[index]
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            let client = Self.client(rig)
            rig.realtime.refuseJoins(1, reason: reason)
            #expect(await Self.firstWord(client) as? RealtimeRefusal == expected)
            #expect(client.changeFollowerCount == 0 && client.realtimeChannelCount == 0)
            // A network drop meanwhile, then a new follower: it connects, joins and is subscribed.
            rig.realtime.dropConnections()
            #expect(await Self.firstWord(client) == nil)
            // A store that follows shows the refusal as its error, and its follow() returns.
            rig.realtime.refuseJoins(1, reason: reason)
            let store = CreditsStore(queries: CreditsQueries(client: client))
            await store.follow()
            #expect(store.error as? RealtimeRefusal == expected)
        }
    }

    @Test(
        "a table Realtime cannot follow is refused once, and left: phx_leave, the socket closed, later follows work",
        arguments: Rig.transports)
    func anUnpublishedTableIsLeft(overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            let client = Self.client(rig)
            let refusal = await Self.firstWord(client, table: "waitlist_settings") as? ChangeFeedError
            guard case .notPublished("waitlist_settings", let reason)? = refusal else {
                Issue.record("\(String(describing: refusal))")
                return
            }
            #expect(reason.hasPrefix("Unable to subscribe to changes with given parameters"))
            // The leave goes out before the stream ends; in-process, the server has it by then.
            if !overWebSocket { #expect(rig.realtime.leaveCount == 1) }
            #expect(client.realtimeChannelCount == 0)
            rig.realtime.dropConnections()
            #expect(await Self.firstWord(client) == nil)
        }
    }

    @Test(
        "passing trouble is retried: joins refused while Realtime restarts, then subscribed, reported as missed changes",
        arguments: Rig.transports)
    func transientRefusalsAreRetried(overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            rig.realtime.refuseJoins(3, reason: "RealtimeRestarting: Realtime is restarting, please standby")
            rig.realtime.refuseJoins(1, reason: "InitializingProjectConnection: Connecting to the project database")
            rig.realtime.refuseJoins(
                1, reason: "UnableToConnectToProject: Realtime was unable to connect to the project database")
            #expect(await Self.firstWord(Self.client(rig)) == nil)
            #expect(rig.realtime.joinCount == 6)
        }
    }

    @Test("passing trouble for longer than a minute is reported as unavailable, with the server's reason")
    func transientTroubleHasABudget() async throws {
        try await Rig.with(overWebSocket: false) { rig in
            let reason = "RealtimeRestarting: Realtime is restarting, please standby"
            rig.realtime.refuseJoins(100, reason: reason)
            let client = Self.client(rig) { $0.reconnectBackoff = [.seconds(10)] }
            let waiting = Task { await Self.firstWord(client) }
            // Each refusal waits ten seconds of the test clock before the next join.
            for _ in 0..<6 {
                await rig.clock.waitForSleepers(count: 2)
                rig.clock.advance(by: .seconds(10))
            }
            #expect(await waiting.value as? RealtimeRefusal == .unavailable(reason: reason))
            #expect(rig.realtime.joinCount == 7)
        }
    }

    @Test(
        "a socket whose upgrade is answered 401, 403 or 429 is reported unreachable with the status, then works again",
        arguments: [401, 403, 429], Rig.transports)
    func aRefusedUpgradeIsReported(status: Int, overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            rig.realtime.refuseUpgrades(status: status, count: 3)
            let client = Self.client(rig)
            let error = await Self.firstWord(client) as? ConnectionError
            #expect(error?.kind == .unreachable)
            // WSClient does not tell the status of a refused upgrade; the in-process transport does, as URLSession's.
            let said =
                overWebSocket ? "the socket's upgrade was refused" : "the socket's upgrade was answered HTTP \(status)"
            #expect(error?.reason.hasSuffix(said) == true)
            #expect(client.changeFollowerCount == 0)
            #expect(await Self.firstWord(client) == nil)
        }
    }

    @Test("a socket whose handshake is closed unanswered is reported unreachable", arguments: Rig.transports)
    func anUnansweredUpgradeIsGivenUp(overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            rig.realtime.dropUpgrades(count: 3)
            let client = Self.client(rig) { realtime in
                #if RealtimeWebSocket
                    // WSClient never returns from such a handshake: the transport's own timeout ends each attempt.
                    if overWebSocket { realtime.transport = WebSocketRealtimeTransport(clock: rig.clock) }
                #endif
            }
            let waiting = Task { await Self.firstWord(client) as? ConnectionError }
            if overWebSocket {
                for attempt in 1...3 {
                    // The clock moves once the server has closed this attempt's connection: advanced earlier, the
                    // timeout would end an attempt whose request has not reached the server yet, and a later attempt
                    // would meet the dropped upgrade it left.
                    await rig.realtime.waitForRefusedUpgrades(attempt)
                    await rig.clock.waitForSleepers(count: 1)
                    rig.clock.advance(by: .seconds(10))
                }
            }
            let error = await waiting.value
            #expect(error?.kind == .unreachable)
            let said = overWebSocket ? "the socket's handshake was not answered within 10 seconds" : "1005"
            #expect(error?.reason.contains(said) == true, "\(error?.reason ?? "no error")")
            #expect(client.changeFollowerCount == 0)
            #expect(await Self.firstWord(client) == nil)
        }
    }

    @Test("a socket that closes before it says anything counts as one that did not open")
    func aSocketThatClosesAtOnceIsNotOpen() async throws {
        try await Rig.with(overWebSocket: false) { rig in
            let client = Self.client(rig) { $0.transport = ClosingTransport() }
            let error = await Self.firstWord(client) as? ConnectionError
            #expect(error?.kind == .unreachable)
            #expect(error?.reason.hasSuffix("the socket closed before it said anything") == true)
        }
    }

    /// A transport whose sockets open and close at once without a frame, as URLSession's task does for a refused
    /// upgrade where the platform gives no status.
    struct ClosingTransport: RealtimeTransport {
        struct Closed: RealtimeConnection {
            var frames: AsyncThrowingStream<String, any Error> { AsyncThrowingStream { $0.finish() } }
            func send(_ text: String) async throws {}
            func close() async {}
        }

        func connect(to url: URL) async throws -> any RealtimeConnection { Closed() }
    }

    @Test("private channels: a private-only project refuses public ones, and follows with privateChannels set")
    func privateChannels() async throws {
        try await Rig.with(overWebSocket: false) { rig in
            rig.realtime.requirePrivateChannels()
            let reason = "PrivateOnly: This project only allows private channels"
            #expect(await Self.firstWord(Self.client(rig)) as? RealtimeRefusal == .privateChannelsOnly(reason: reason))
            #expect(await Self.firstWord(Self.client(rig) { $0.privateChannels = true }) == nil)
        }
    }

    @Test("with the contract, following what Realtime cannot publish is refused before any socket opens")
    func aViewWithoutAFeedIsRefusedAtOnce() async throws {
        try await Rig.with(overWebSocket: false) { rig in
            var realtime = RealtimeConfiguration(
                transport: rig.http.realtimeTransport(overWebSocket: false), clock: rig.clock, reconnectBackoff: [.zero]
            )
            realtime.viewFeeds = []
            let client = SupabaseDatabase(
                url: rig.http.baseURL, anonKey: "anon-key",
                accessToken: UnsignedToken.member(rig.member, expiresAt: .distantFuture),
                contract: [FitKitContract.features[0]], transport: PostgRESTTestServer.clientTransport,
                realtime: realtime)
            let error = await Self.firstWord(client, table: "bookable_sessions") as? ChangeFeedError
            #expect(
                error
                    == .notPublished(
                        table: "bookable_sessions",
                        reason:
                            "bookable_sessions is neither a table in the supabase_realtime publication nor a view with a view feed"
                    ))
            #expect(rig.realtime.joinCount == 0 && rig.realtime.connectionCount == 0)
            // The contract's own view follows through its feed.
            let full = SupabaseDatabase(
                url: rig.http.baseURL, anonKey: "anon-key",
                accessToken: UnsignedToken.member(rig.member, expiresAt: .distantFuture),
                contract: FitKitContract.features, transport: PostgRESTTestServer.clientTransport,
                realtime: realtime)
            #expect(await Self.firstWord(full, table: "bookable_sessions") == nil)
        }
    }

    @Test("the schema goes as given, by the initialiser and by schema(_:)")
    func theSchemaIsSent() async throws {
        try await Rig.with(overWebSocket: false) { rig in
            let error = await Self.firstWord(Self.client(rig, schema: "reporting")) as? ChangeFeedError
            guard case .notPublished(_, let reason)? = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(reason.hasSuffix("[schema: reporting, table: class_sessions]"))
            var scoped = Self.client(rig).schema("reporting").changes(to: "class_sessions").makeAsyncIterator()
            let scopedError = await #expect(throws: ChangeFeedError.self) { _ = try await scoped.next() }
            #expect(scopedError.map { "\($0)" }?.contains("schema: reporting") == true)
        }
    }

    @Test("filters reach the server whole: a comma and a trailing space are the value's", arguments: Rig.transports)
    func filtersAreQuotedAsTheServerParses(overWebSocket: Bool) async throws {
        try await Rig.with(overWebSocket: overWebSocket) { rig in
            let client = Self.client(rig)
            for name in ["Smith, John", "Spin "] {
                var changes = client.changes(
                    to: "class_sessions", where: .condition(column: "name", operator: .eq, value: .string(name))
                ).makeAsyncIterator()
                #expect(try await changes.next() == .missedChanges(table: "class_sessions"))
                try await rig.addClass(name.trimmingCharacters(in: .whitespaces) + "!")
                let added = try await rig.addClass(name)
                let next = try await changes.next()
                #expect(next.flatMap(Self.key) == .string(added.uuidString.lowercased()))
            }
        }
    }

    /// The `id` a row change carries.
    static func key(_ change: DatabaseChange) -> JSONValue? {
        if case .row(_, _, let key, _) = change { key["id"] } else { nil }
    }

    @Test("the server splits an unquoted comma off and trims: the text FitKit sent before is refused or changed")
    func theServersFilterParsing() throws {
        #expect(
            RealtimeTestServer.readFilter("name=eq.Smith, John").error == #"Error parsing `filter` params: ["John"]"#)
        let equal = { (value: String) in Filter.condition(column: "name", operator: .eq, value: .string(value)) }
        #expect(RealtimeTestServer.readFilter("name=eq.Spin ").filter == equal("Spin"))
        #expect(RealtimeTestServer.readFilter(#"name=eq."Spin ""#).filter == equal("Spin "))
        #expect(RealtimeTestServer.readFilter(#"name=eq."Smith, John""#).filter == equal("Smith, John"))
    }

    @Test("an update that moves a row out of a filter is not announced; the periodic resync covers it")
    func aRowLeavingAFilterIsCoveredByTheResync() async throws {
        try await Rig.with(overWebSocket: false) { rig in
            let yoga = try await rig.addClass("Yoga")
            var changes = Self.client(rig).changes(
                to: "class_sessions", where: .condition(column: "name", operator: .eq, value: .string("Yoga"))
            ).makeAsyncIterator()
            #expect(try await changes.next() == .missedChanges(table: "class_sessions"))
            try await rig.database.client(as: .service).from("class_sessions").update(["name": "Pilates"] as JSONValue)
                .eq("id", value: yoga).execute()
            let renamed = try await rig.addClass("Yoga")
            // The rename is not sent; the class added after it is.
            #expect(try await changes.next().flatMap(Self.key) == .string(renamed.uuidString.lowercased()))
            for _ in 0..<2 {
                await rig.clock.waitForSleepers()
                rig.clock.advance(by: .seconds(25))
            }
            #expect(try await changes.next() == .missedChanges(table: "class_sessions"))
        }
    }

    @Test("followers of one table and filter share a channel, and a refreshed token reaches every joined channel")
    func channelsAreSharedAndTokensReachEveryChannel() async throws {
        try await Rig.with(overWebSocket: false) { rig in
            let tokens = LockedState(UnsignedToken.member(rig.member, expiresAt: .distantFuture))
            let client = SupabaseDatabase(
                url: rig.http.baseURL, anonKey: "anon-key", transport: PostgRESTTestServer.clientTransport,
                realtime: RealtimeConfiguration(
                    transport: rig.http.realtimeTransport(overWebSocket: false), clock: rig.clock,
                    viewFeeds: FitKitContract.viewFeeds, reconnectBackoff: [.zero], resyncInterval: nil),
                accessToken: { tokens.value })
            var first = client.changes(to: "class_sessions").makeAsyncIterator()
            #expect(try await first.next() == .missedChanges(table: "class_sessions"))
            var second = client.changes(to: "class_sessions").makeAsyncIterator()
            #expect(try await second.next() == .missedChanges(table: "class_sessions"))
            var bookings = client.changes(to: "bookings").makeAsyncIterator()
            #expect(try await bookings.next() == .missedChanges(table: "bookings"))
            #expect(client.realtimeChannelCount == 2 && rig.realtime.joinCount == 2)
            let added = try await rig.addClass("Shared")
            #expect(try await first.next().flatMap(Self.key) == .string(added.uuidString.lowercased()))
            #expect(try await second.next().flatMap(Self.key) == .string(added.uuidString.lowercased()))

            let refreshed = UnsignedToken.member(rig.member, expiresAt: Date().addingTimeInterval(86_400))
            tokens.withLock { $0 = refreshed }
            await rig.clock.waitForSleepers()
            rig.clock.advance(by: .seconds(25))
            await rig.clock.waitForSleepers()
            let pushed = rig.realtime.pushedTokens
            #expect(pushed.count == 2 && pushed.values.allSatisfy { $0 == [refreshed] }, "\(pushed)")
        }
    }

    @Test("the timetable, a class's details, the credit chip, the waitlist and the inbox open few channels")
    func aScreenOfStoresStaysFarBelowTheChannelLimit() async throws {
        try await Rig.with(overWebSocket: false) { rig in
            let client = Self.client(rig)
            let feeds: [(String, Filter?)] = [
                ("bookable_sessions", nil), ("bookable_sessions", nil),
                ("bookable_sessions", .condition(column: "session_id", operator: .eq, value: .uuid(UUID()))),
                ("credit_ledger", nil), ("waitlist_entries", nil), ("notifications", nil), ("credit_ledger", nil),
            ]
            var followers: [AsyncThrowingStream<DatabaseChange, any Error>.AsyncIterator] = []
            for (table, filter) in feeds {
                var changes = client.changes(to: table, where: filter).makeAsyncIterator()
                let first = try await changes.next()
                #expect(first == .missedChanges(table: table))
                followers.append(changes)
            }
            // bookable_sessions follows class_sessions, bookings and studios; the filtered one narrows class_sessions
            // and bookings: 3 + 2 + 1 (studios shared) + credit_ledger + waitlist_entries + notifications. Each of
            // the three timetable followers follows studio_policies too (0020), on one more shared channel.
            #expect(client.changeFollowerCount == 16)
            #expect(client.realtimeChannelCount == 9)
            followers.removeAll()
        }
    }
}
