import Booking
import Events
import FitCore
import FitStores
import FitSupabase
import Foundation
import Testing

/// What a store shows for FitSupabase's typed errors: the LoadState rules, whatever the backend.
@Suite struct StoreOverSupabaseTests {
    let transport = RecordingTransport()

    private func store() -> EventsStore {
        EventsStore(
            queries: EventsQueries(
                client: SupabaseDatabase(
                    url: TestTokens.projectURL, anonKey: TestTokens.anonKey,
                    accessToken: TestTokens.member(GoldenValues.alice), transport: transport)))
    }

    private static let oneEvent = PostgRESTResponse(
        status: 200, headers: ["Content-Type": "application/json"],
        body: Data(
            ##"[{"id":"e0000000-0000-4000-8000-000000000001","title":"Race","date":"2026-06-05T18:00:00.000Z","text_color":"#000000FF","image_data":null}]"##
                .utf8))

    @Test func aRefusedTokenIsExposedAsSuchAndTheListStays() async throws {
        let store = store()
        transport.answer(Self.oneEvent)
        await store.load()
        transport.answer(
            PostgRESTResponse(
                status: 401, headers: ["Content-Type": "application/json"],
                body: Data(#"{"code":"PGRST303","message":"JWT expired","details":null,"hint":null}"#.utf8)))
        await store.refresh()
        guard case .notAuthenticated(let error)? = store.error as? SupabaseError else {
            Issue.record("expected notAuthenticated, got \(String(describing: store.error))")
            return
        }
        #expect(error.code == "PGRST303" && error.httpStatus == 401)
        #expect(store.events.map(\.title) == ["Race"])
    }

    @Test func anUnreachableServerIsAConnectionErrorAndTheListStays() async throws {
        let store = store()
        transport.answer(Self.oneEvent)
        await store.load()
        transport.answer(
            PostgRESTResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>".utf8)))
        await store.refresh()
        #expect((store.error as? ConnectionError)?.kind == .invalidResponse)
        #expect(store.events.map(\.title) == ["Race"])
        transport.fail(ConnectionError(.unreachable, reason: "offline"))
        await store.refresh()
        #expect((store.error as? ConnectionError)?.kind == .unreachable)
        #expect(store.events.map(\.title) == ["Race"])
    }

    @Test func aCancelledRequestIsNotAnError() async throws {
        let store = store()
        transport.answer(Self.oneEvent)
        await store.load()
        transport.fail(CancellationError())
        await store.refresh()
        #expect(store.error == nil)
        #expect(store.events.map(\.title) == ["Race"])
    }

    @Test func aBookingRuleArrivesAsTheSameBookingErrorAsOnEveryBackend() async throws {
        transport.answer(
            PostgRESTResponse(
                status: 400, headers: ["Content-Type": "application/json"],
                body: Data(#"{"code":"FB001","message":"Session is full","details":null,"hint":null}"#.utf8)))
        let queries = BookingQueries(
            client: SupabaseDatabase(
                url: TestTokens.projectURL, anonKey: TestTokens.anonKey,
                accessToken: TestTokens.member(GoldenValues.alice), transport: transport))
        await #expect(throws: BookingError.sessionFull) { try await queries.bookSession(id: GoldenValues.session) }
    }
}
