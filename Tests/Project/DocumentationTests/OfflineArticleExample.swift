import Events
import FitContract
import FitCore
import FitInMemory
import FitOffline
import FitStores
import Foundation
import Members
import Testing

/// The FitOffline landing page's example (Modules/Backends/FitOffline/FitOffline.docc/FitOffline.md), compiled and run: a store over an offline-first client whose server
/// stands in as an in-memory database.
@Suite struct OfflineArticleExample {
    @Test func theLandingPageExampleLoadsThroughTheReplica() async throws {
        let server = try InMemoryDatabase.embedded()
        let memberId = try await BackOffice(service: server.client(as: .service)).addMember("Dana").id
        let replicaURL = FileManager.default.temporaryDirectory.appendingPathComponent("offline-article-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: replicaURL) }

        let client = try OfflineFirstClient(
            remote: server.client(as: .member(memberId)),
            replicaURL: replicaURL,
            policy: FitKitContract.replicaPolicy
        )
        let events = EventsStore(queries: EventsQueries(client: client))
        await events.load()
        if events.offline.isOffline, let lastSynced = events.offline.lastSynced {
            print("offline · updated \(lastSynced.formatted(.relative(presentation: .named)))")
        }

        #expect(events.error == nil)
        #expect(events.offline.isOffline == false)
        #expect(events.offline.lastSynced != nil)
    }
}
