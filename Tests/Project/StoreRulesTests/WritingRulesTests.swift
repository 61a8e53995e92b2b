import FitCore
import FitStores
import FitTesting
import Foundation
import Testing

/// The write rules every FitKit store follows (``FitCore/StoreStorage``'s shared write path), checked once over
/// every store that writes.
@Suite struct WritingRulesTests {
    static let failure = DatabaseError(code: "08006", message: "connection failure")

    @Test(arguments: StoreCases.writing)
    func aWriteBeforeTheFirstLoadShowsUp(_ writingCase: WritingStoreCase) async throws {
        let fixture = try await FitFixture.make()
        let subject = writingCase.make(fixture)
        #expect(subject.store.shown() == nil)
        try await subject.write()
        #expect(subject.showsWrite())
        #expect(subject.store.error() == nil)
    }

    @Test(arguments: StoreCases.writing)
    func aWriteAfterALoadShowsUpWithoutAnotherLoad(_ writingCase: WritingStoreCase) async throws {
        let fixture = try await FitFixture.make()
        let subject = writingCase.make(fixture)
        await subject.store.load()
        fixture.database.clearRequestLog()
        try await subject.write()
        #expect(subject.showsWrite())
        let reloads = fixture.database.requests.filter {
            $0.query.operation == .select && $0.query.target != "exercises"
        }
        #expect(reloads.isEmpty, "the written row is merged into what the store shows, not reloaded")
    }

    @Test(arguments: StoreCases.writing)
    func aRefusedWriteIsThrownAndExposedAndChangesNothing(_ writingCase: WritingStoreCase) async throws {
        let fixture = try await FitFixture.make()
        let subject = writingCase.make(fixture)
        await subject.store.load()
        let before = subject.store.shown()
        fixture.database.clearRequestLog()
        let thrown = await #expect(throws: (any Error).self) { try await subject.invalidWrite() }
        #expect(subject.isRefusal(thrown), "thrown: \(String(describing: thrown))")
        #expect(subject.isRefusal(subject.store.error()), "exposed: \(String(describing: subject.store.error()))")
        #expect(subject.store.shown() == before)
        if subject.refusedLocally { #expect(fixture.database.requests.isEmpty, "nothing is sent") }
    }

    @Test(arguments: StoreCases.writing)
    func aFailedWriteKeepsTheDataAndExposesTheError(_ writingCase: WritingStoreCase) async throws {
        let fixture = try await FitFixture.make()
        let subject = writingCase.make(fixture)
        await subject.store.load()
        let before = subject.store.shown()
        fixture.database.injectFault(.error(Self.failure), skipping: writeSkips(writingCase))
        await #expect(throws: Self.failure) { try await subject.write() }
        #expect(subject.store.error() as? DatabaseError == Self.failure)
        #expect(subject.store.shown() == before)
    }

    @Test(arguments: StoreCases.writing)
    func aCancelledWriteIsRethrownButNotExposed(_ writingCase: WritingStoreCase) async throws {
        let fixture = try await FitFixture.make()
        let subject = writingCase.make(fixture)
        await subject.store.load()
        let before = subject.store.shown()
        fixture.database.injectFault(.cancellation, skipping: writeSkips(writingCase))
        await #expect(throws: CancellationError.self) { try await subject.write() }
        #expect(subject.store.error() == nil)
        #expect(subject.store.shown() == before)
    }

    /// Requests a write sends before the write itself (the cases that look up an exercise first).
    private func writeSkips(_ writingCase: WritingStoreCase) -> Int {
        writingCase.name.hasPrefix("Ratings") || writingCase.name.hasPrefix("HistoryStore") ? 1 : 0
    }
}
