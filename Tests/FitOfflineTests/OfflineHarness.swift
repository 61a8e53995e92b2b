import FitCore
import FitInMemory
import FitOffline
import FitTesting
import Foundation

/// A server (the fixture's in-memory database), a network the test cuts, and a device: an offline-first client
/// with its replica in a temporary directory, acting as Alice. Time moves only on the fixture's test clock.
struct OfflineHarness {
    let fixture: FitFixture
    let network: SimulatedNetwork
    let directory: URL
    let client: OfflineFirstClient

    var clock: TestClock { fixture.clock }
    var server: InMemoryDatabase { fixture.database }
    var alice: Member { fixture.alice }
    var replicaURL: URL { directory.appendingPathComponent("replica.json") }

    static func make() async throws -> OfflineHarness {
        let fixture = try await FitFixture.make()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-offline-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let network = SimulatedNetwork()
        let client = try Self.device(
            fixture: fixture, network: network, at: directory.appendingPathComponent("replica.json"))
        return OfflineHarness(fixture: fixture, network: network, directory: directory, client: client)
    }

    /// A device acting as Alice over `network`, its replica at `url`.
    static func device(fixture: FitFixture, network: SimulatedNetwork, at url: URL) throws -> OfflineFirstClient {
        let clock = fixture.clock
        return try OfflineFirstClient(
            remote: network.client(fixture.client(as: fixture.alice)), replicaURL: url, clock: clock,
            now: { clock.date })
    }

    /// Another device of Alice's with its own replica and network.
    func secondDevice() throws -> (client: OfflineFirstClient, network: SimulatedNetwork) {
        let network = SimulatedNetwork()
        let url = directory.appendingPathComponent("second-\(UUID()).json")
        return (try Self.device(fixture: fixture, network: network, at: url), network)
    }

    /// The server's rows of `table` for Alice, as the service role sees them.
    func serverRows(_ table: String) async throws -> [[String: JSONValue]] {
        let rows: [JSONValue] = try await fixture.service.from(table).select()
            .eq("member_id", value: alice.id).execute().value
        return rows.compactMap(\.objectValue)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}
