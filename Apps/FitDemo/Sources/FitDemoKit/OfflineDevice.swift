import FitContract
import FitCore
import FitOffline
import FitStores
import FitTesting
import Foundation

/// `--offline-replica PATH`: the device the demo runs on. Every request goes through FitOffline's
/// `OfflineFirstClient`, which reaches the backend through FitTesting's `RequestRig` (the tour cuts its connection and restores it)
/// and keeps its replica and outbox in PATH.
///
/// The device has a clock of its own, a `TestClock` that only the tour moves: the tour jumps ahead ("25 minutes
/// later") instead of waiting, as the `ImmediateClock` does for the countdown, and the client's version stamps and
/// sync times come from it. The client's automatic retries are scheduled on it too, so none fires behind the tour's
/// back and what the tour prints is its own `sync()`'s report. On the demo's clock they would fire: an
/// `ImmediateClock` wakes a retry at once, and a retry that fails offline schedules the next one, so retries would
/// spin until the network is back, and `sync()` could join (and report) a replay that began before it.
struct OfflineDevice: Sendable {
    /// How long the tour's device stays offline: the age its replica shows.
    static let timeOffline = Duration.seconds(25 * 60)

    /// The offline-first client, in the backend client's role (the service role, or a Supabase project's member).
    let client: OfflineFirstClient
    /// The backend itself, past the network: where the tour reads back what the sync sent.
    let server: any DatabaseClient
    /// The network between the client and the backend.
    let network: RequestRig
    /// The device's clock and date.
    let clock: TestClock
    /// The replica's file.
    let replicaURL: URL

    /// Opens (or creates) the replica at `replicaURL` over `server`, on a clock that starts at `startDate`.
    ///
    /// - Throws: `DemoError.badReplicaPath` when the path is empty or its folder does not exist; a
    ///   `PersistenceError` when the file is not a replica (it is left as it is).
    init(server: some DatabaseClient, replicaPath: String, startDate: Date) throws {
        let url = URL(fileURLWithPath: replicaPath)
        var isDirectory: ObjCBool = false
        guard !replicaPath.isEmpty,
            FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw DemoError.badReplicaPath(replicaPath) }
        let network = RequestRig()
        let clock = TestClock(startDate: startDate)
        client = try OfflineFirstClient(
            remote: network.client(server), replicaURL: url, policy: DemoExtension.composedFeatures.replicaPolicy,
            clock: clock,
            now: { clock.date })
        self.server = server
        self.network = network
        self.clock = clock
        replicaURL = url
    }

    /// The device's date: the start of the run plus the time the tour moved its clock.
    var now: Date { clock.date }
}
