import Credits
import FitContract
import FitCore
import FitOffline
import FitStores
import FitTesting
import Foundation
import Members
import Memberships
import MembershipsContract
import ScenarioBackends
import Testing

/// The sample feature, built from Architecture.md's "Adding a feature module" alone (its folder, its migration, its
/// declaration composed with FitKit's features, this test target), on every backend: the same answers and errors
/// everywhere, a store that follows where the backend has a change feed, and the offline rule.
@Suite("A feature added from the recipe", .timeLimit(.minutes(10)))
struct MembershipsScenarioTests {
    @Test("FitFixture holds the feature's tables and seed rows next to FitKit's")
    func theFixtureHoldsTheFeature() async throws {
        let fixture = try await FitFixture.make(features: MembershipsContract.features)
        let store = MembershipsStore(queries: MembershipsQueries(client: fixture.client(as: fixture.alice)))
        await store.load()
        #expect(store.memberships.map(\.plan) == ["monthly", "yearly"])
        #expect(Set(store.memberships.map(\.memberId)) == [fixture.alice.id])
        #expect(fixture.database.requests.count == 1)
        #expect(fixture.database.engine.hasRelation(named: "bookable_sessions"))
    }

    @Test("the feature composed with FitKit's is whole: replica rules, feeds and codes")
    func theComposedFeaturesAreWhole() throws {
        try MembershipsContract.features.validate()
    }

    @Test(
        "a member sees only their plans, pauses one, and gets the feature's typed refusals",
        arguments: ScenarioBackend.available)
    func pausingAPlan(backend: ScenarioBackend) async throws {
        try await backend.withMemberships { session in
            let alice = MembershipsQueries(client: session.client(session.alice))
            let plans = try await alice.getMemberships()
            #expect(plans.map(\.plan) == ["monthly", "yearly"])
            #expect(Set(plans.map(\.memberId)) == [session.alice])

            let paused = try await alice.pause(id: plans[0].id)
            #expect(paused.id == plans[0].id && paused.pausedAt != nil)
            await #expect(throws: MembershipError.alreadyPaused) { try await alice.pause(id: plans[0].id) }
            let bobs = try await MembershipsQueries(client: session.client(session.bob)).getMemberships()
            await #expect(throws: MembershipError.notFound) { try await alice.pause(id: bobs[0].id) }
            #expect(try await alice.getMemberships().map { $0.pausedAt != nil } == [true, false])
            // FitKit's check of the signed-in member, from the feature's own function, read as Members' error.
            let signedOut = MembershipsQueries(client: session.anonymous)
            await #expect(throws: AccountError.notSignedIn) { try await signedOut.pause(id: plans[1].id) }
        }
    }

    @Test(
        "the feature's own ledger reason: counted in the balance, read back as it is, and checked like FitKit's",
        arguments: ScenarioBackend.available)
    func grantingCreditsUnderTheFeaturesOwnReason(backend: ScenarioBackend) async throws {
        try await backend.withMemberships { session in
            let credits = CreditsQueries(client: session.client(session.alice))
            let ledger = try await credits.getLedger()
            let grants = ledger.filter { $0.reason == .planGrant }
            #expect(grants.map(\.amount) == [MembershipsContract.yearlyPlanCredits])
            #expect(grants.allSatisfy { !$0.reason.isFitKitReason && $0.reason.isValid })
            let summary = try await credits.getSummary()
            #expect(summary.balance == ledger.reduce(0) { $0 + $1.amount })

            // A reason that is neither FitKit's nor `<feature>.<reason>` is refused, and nothing is written.
            let office = BackOffice(service: session.service)
            for reason: CreditLedgerEntry.Reason in ["plan_grant", "Memberships.plan", "memberships.", "a.b.c"] {
                #expect(!reason.isValid)
                let error = await #expect(throws: DatabaseError.self) {
                    try await office.addCredits(1, to: session.alice, reason: reason)
                }
                #expect(error?.code == "23514", "\(reason)")
            }
            #expect(try await credits.getLedger().count == ledger.count)
        }
    }

    @Test(
        "a store that follows shows a pause made in another window",
        arguments: ScenarioBackend.available.filter(\.canFollow))
    func followingAPause(backend: ScenarioBackend) async throws {
        try await backend.withMemberships { session in
            let window1 = session.store(for: session.alice)
            let window2 = session.store(for: session.alice)
            let following = Task { await window2.follow() }
            await waitUntil { window2.memberships.count == 2 }
            await window1.load()
            try await window1.pause(window1.memberships[1].id)
            await waitUntil { window2.memberships.map { $0.pausedAt != nil } == [false, true] }
            following.cancel()
            await following.value
            #expect(window2.error == nil)
        }
    }

    @Test(
        "a store following the feature's view shows credits granted from elsewhere",
        arguments: ScenarioBackend.available.filter(\.canFollow))
    func followingTheView(backend: ScenarioBackend) async throws {
        try await backend.withMemberships { session in
            let store = session.store(for: session.alice)
            let following = Task { await store.follow() }
            await waitUntil { store.memberships.count == 2 }
            let granted = MembershipsContract.yearlyPlanCredits
            #expect(store.memberships.map(\.creditsGranted) == [granted, granted])
            // The ledger is FitKit's table: the view's feed turns its change into the member's rows.
            try await session.backOffice.addCredits(4, to: session.alice, reason: .planGrant)
            await waitUntil { store.memberships.allSatisfy { $0.creditsGranted == granted + 4 } }
            following.cancel()
            await following.value
            #expect(store.error == nil)
        }
    }

    @Test(
        "a lost connection or a cancellation on the pause leaves the plans as shown and nothing paused",
        arguments: ScenarioBackend.available)
    func faultsOnThePause(backend: ScenarioBackend) async throws {
        try await backend.withMemberships { session in
            let store = session.store(for: session.alice)
            await store.load()
            let shown = store.memberships
            session.rig.injectFault(.error(ConnectionError(.unreachable, reason: "the test cut it")))
            await #expect(throws: ConnectionError.self) { try await store.pause(shown[0].id) }
            #expect(store.memberships == shown)
            #expect(store.error is ConnectionError)
            session.rig.injectFault(.cancellation)
            await #expect(throws: CancellationError.self) { try await store.pause(shown[0].id) }
            #expect(store.memberships == shown)
            let outcomes = session.rig.requests.suffix(2).map(\.outcome)
            #expect(outcomes.count == 2 && outcomes.last == .cancelled)
            // Nothing reached the backend: the plan is still running there.
            let stored = try await MembershipsQueries(client: session.client(session.alice)).getMemberships()
            #expect(stored.allSatisfy { $0.pausedAt == nil })
        }
    }

    @Test("offline, the replica answers the plans and pausing needs the server", arguments: ScenarioBackend.available)
    func offlineRule(backend: ScenarioBackend) async throws {
        try await backend.withMemberships { session in
            let network = RequestRig()
            let replicaURL = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: replicaURL) }
            let device = try Self.offlineClient(
                over: session.client(session.alice), through: network, replicaURL: replicaURL)
            let store = MembershipsStore(queries: MembershipsQueries(client: device))
            await store.load()
            #expect(store.memberships.count == 2 && !store.offline.isOffline)

            network.disconnect()
            await store.load()
            #expect(store.offline.isOffline)
            #expect(store.memberships.map(\.plan) == ["monthly", "yearly"])
            let error = await #expect(throws: OfflineError.self) { try await store.pause(store.memberships[0].id) }
            #expect(error != nil)
            #expect(device.pendingChangeCount() == 0)
        }
    }

    /// `remote` behind a simulated network, with the replica the composed features' policy describes.
    static func offlineClient(
        over remote: some DatabaseClient, through network: RequestRig, replicaURL: URL
    ) throws -> OfflineFirstClient {
        try OfflineFirstClient(
            remote: network.client(remote), replicaURL: replicaURL, policy: MembershipsContract.features.replicaPolicy)
    }
}
