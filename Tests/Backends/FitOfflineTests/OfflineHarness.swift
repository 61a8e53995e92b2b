import FitContract
import FitCore
import FitInMemory
import FitOffline
import FitTesting
import Foundation
import Members

/// A server (the fixture's in-memory database), a network the test cuts, and a device: an offline-first client
/// with its replica in a temporary directory, acting as Alice. Time moves only on the fixture's test clock.
struct OfflineHarness {
    let fixture: FitFixture
    let network: RequestRig
    let directory: URL
    let client: OfflineFirstClient

    var clock: TestClock { fixture.clock }
    var server: TestDatabase { fixture.database }
    var alice: Member { fixture.alice }
    var replicaURL: URL { directory.appendingPathComponent("replica.json") }

    /// - Parameter retryClock: The clock the devices' retries wait on; `nil` for the fixture's, so advancing it fires
    ///   them. A test that advances the fixture's clock only for later `updated_at` stamps, and reads the report of
    ///   its own `sync()`, passes a clock of its own: otherwise a retry the advance wakes races that `sync()`.
    static func make(retryClock: TestClock? = nil) async throws -> OfflineHarness {
        let fixture = try await FitFixture.make()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-offline-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let network = RequestRig()
        let client = try Self.device(
            fixture: fixture, network: network, at: directory.appendingPathComponent("replica.json"),
            retryClock: retryClock)
        return OfflineHarness(
            fixture: fixture, network: network, directory: directory, client: client, retryClock: retryClock)
    }

    /// The clock the devices' retries wait on, when not the fixture's.
    let retryClock: TestClock?

    /// A device acting as Alice over `network`, its replica at `url`; its retries wait on `retryClock`, or the
    /// fixture's clock.
    static func device(fixture: FitFixture, network: RequestRig, at url: URL, retryClock: TestClock? = nil)
        throws -> OfflineFirstClient
    {
        let clock = fixture.clock
        return try OfflineFirstClient(
            remote: network.client(fixture.client(as: fixture.alice)), replicaURL: url,
            policy: FitKitContract.replicaPolicy, clock: retryClock ?? clock,
            now: { clock.date })
    }

    /// Another device of Alice's with its own replica and network.
    func secondDevice() throws -> (client: OfflineFirstClient, network: RequestRig) {
        let network = RequestRig()
        let url = directory.appendingPathComponent("second-\(UUID()).json")
        return (try Self.device(fixture: fixture, network: network, at: url, retryClock: retryClock), network)
    }

    /// The server's rows of `table` for Alice, as the service role sees them.
    func serverRows(_ table: String) async throws -> [[String: JSONValue]] {
        let rows: [JSONValue] = try await fixture.service.from(table).select()
            .eq("member_id", value: alice.id).execute().value
        return rows.compactMap(\.objectValue)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}
