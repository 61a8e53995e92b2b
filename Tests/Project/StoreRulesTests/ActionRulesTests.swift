import Booking
import FitCore
import FitKitTestSupport
import FitTesting
import Foundation
import Testing
import Waitlist

/// The rule every store with actions follows: one action at a time, so a double tap sends one request.
@Suite struct ActionRulesTests {
    static let actions: [ActionStoreCase] = [
        ActionStoreCase(name: "BookingStore", function: "book_session") { fixture in
            let store = BookingStore(queries: BookingQueries(client: fixture.client(as: fixture.alice)))
            let session = fixture.upcomingClass
            return { (try? await store.run(.book(session), sessionId: { $0 })) != nil }
        },
        ActionStoreCase(name: "WaitlistStore", function: "join_waitlist") { fixture in
            let clock = fixture.clock
            let store = WaitlistStore(
                queries: WaitlistQueries(client: fixture.client(as: fixture.alice)), now: { clock.date })
            let full = fixture.fullClass
            await store.load(sessionIds: [full])
            return { (try? await store.run(.join(sessionId: full))) != nil }
        },
    ]

    @Test(arguments: actions)
    func aSecondTapWhileTheActionRunsIsIgnored(_ actionCase: ActionStoreCase) async throws {
        let fixture = try await FitFixture.make()
        let tap = await actionCase.make(fixture)
        fixture.database.clearRequestLog()
        fixture.database.setLatency(.seconds(1))
        let first = Task { await tap() }
        await fixture.clock.waitForSleepers(count: 1)
        fixture.database.setLatency(.zero)

        let second = await tap()

        fixture.clock.advance(by: .seconds(1))
        #expect(await first.value, "the first tap runs")
        #expect(!second, "the second tap, made while the first ran, is ignored")
        let sent = fixture.database.requests.filter { $0.query.target == actionCase.function }
        #expect(sent.count == 1, "\(fixture.database.requests)")
        _ = await tap()
        #expect(
            fixture.database.requests.filter { $0.query.target == actionCase.function }.count == 2,
            "once the action has finished, the next tap sends its request")
    }

    /// The stores in `Modules/` that run actions: a `…Store.swift` declaring `public func run(`.
    static func actionStores() throws -> Set<String> {
        var names: Set<String> = []
        for (path, text) in try RepositoryFiles.files(under: "Modules", withExtension: "swift")
        where path.hasSuffix("Store.swift") && text.contains("public func run(") {
            names.insert(String(path.split(separator: "/").last!.dropLast(".swift".count)))
        }
        return names
    }

    @Test func everyStoreWithActionsIsInTheActionTable() throws {
        let declared = try Self.actionStores()
        #expect(declared.count >= 2)
        #expect(declared == Set(Self.actions.map(\.name)))
    }
}
