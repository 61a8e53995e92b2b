import FitContract
import FitCore
import FitOffline
import FitTesting
import Foundation

/// A database with FitKit's seed (fresh ids unless the scenario gives its own, so sessions can share a server).
/// Members' clients go through ``rig`` (FitTesting's request log, latency, faults and connection), whichever backend
/// is behind them; behind FitOffline, each member's client is that member's device, an offline-first client in front
/// of the rig.
public struct ScenarioSession: Sendable {
    /// The service-role client: the back office.
    public let service: any DatabaseClient
    /// The rig every member's client goes through: ``/FitTesting/RequestRig/disconnect()`` cuts the network.
    public let rig = RequestRig(clock: TestClock())
    /// The seed the database holds.
    public let seed: FitKitSeed
    /// The features the database has.
    public let features: [FeatureContract]
    /// The devices' clock: it starts when the seed was written (a whole second) and moves only when a test moves it.
    /// Offline-first devices stamp their changes and syncs with it.
    public let clock: TestClock
    /// The clock offline-first devices' retries and change-feed reconnections wait on: apart from ``clock``, so a
    /// test that moves ``clock`` (for a later `updated_at`) wakes no replay that would race its own `sync()`.
    public let retryClock = TestClock()
    /// A client acting as nobody (anon), straight to the backend.
    public let anonymous: any DatabaseClient
    /// Whether ``client(_:)`` answers with the member's offline-first device.
    public let isOfflineFirst: Bool
    private let backendClient: @Sendable (UUID) -> any DatabaseClient
    private let followers: @Sendable () -> Int
    private let directory: URL
    private let devices = LockedState<[UUID: OfflineFirstClient]>([:])

    /// How many change-feed followers the backend has now (they leave when their task is cancelled).
    public var changeFollowerCount: Int { followers() }

    /// A service-role client whose `acting(as:)` reaches the session's clients (``RoleRoutedClient``).
    public var routed: RoleRoutedClient { RoleRoutedClient(role: .service, session: self) }

    /// The back office over ``service``.
    public var backOffice: BackOffice { BackOffice(service: service) }

    /// `member`'s client, through ``rig``; behind FitOffline, the member's one device (every call answers the same).
    ///
    /// - Parameter member: The member's id.
    /// - Returns: A client acting as the member.
    public func client(_ member: UUID) -> any DatabaseClient {
        guard isOfflineFirst else { return Self.rigged(backendClient(member), by: rig) }
        do {
            return try device(member)
        } catch {
            return UnavailableClient(error: error)
        }
    }

    /// `member`'s one offline-first device (the client ``client(_:)`` answers with behind FitOffline), reaching the
    /// backend through ``rig``; made on first use, with its replica in the session's folder.
    ///
    /// - Parameter member: The member's id.
    /// - Returns: The device.
    /// - Throws: ``ScenarioError/notOfflineFirst`` on a backend that is not behind FitOffline; what
    ///   `OfflineFirstClient` throws when its replica cannot be made.
    public func device(_ member: UUID) throws -> OfflineFirstClient {
        guard isOfflineFirst else { throw ScenarioError.notOfflineFirst }
        return try devices.withLock { devices in
            if let device = devices[member] { return device }
            let device = try makeDevice(member, network: rig, name: "device-\(member)")
            devices[member] = device
            return device
        }
    }

    /// `member`'s client, straight to the backend (no rig, no FitOffline).
    ///
    /// - Parameter member: The member's id.
    /// - Returns: A client acting as the member.
    public func directClient(_ member: UUID) -> any DatabaseClient { backendClient(member) }

    /// A new device of `member`'s: an offline-first client with a replica of its own, reaching the backend through a
    /// network of its own (not ``rig``).
    ///
    /// - Parameter member: The member's id.
    /// - Returns: The device and its network.
    /// - Throws: What `OfflineFirstClient` throws when its replica cannot be made.
    public func newDevice(_ member: UUID) throws -> (client: OfflineFirstClient, network: RequestRig) {
        let network = RequestRig(clock: TestClock())
        return (try makeDevice(member, network: network, name: "extra-\(UUID())"), network)
    }

    /// The rows of `table` whose `member_id` is `member`, as the service role sees them.
    ///
    /// - Parameters:
    ///   - table: The table.
    ///   - member: The member's id.
    /// - Returns: The rows, as JSON objects.
    /// - Throws: What the backend throws.
    public func storedRows(_ table: String, of member: UUID) async throws -> [[String: JSONValue]] {
        let rows: [JSONValue] = try await service.from(table).select().eq("member_id", value: member).execute().value
        return rows.compactMap(\.objectValue)
    }

    private func makeDevice(_ member: UUID, network: RequestRig, name: String) throws -> OfflineFirstClient {
        let clock = clock
        return try OfflineFirstClient(
            remote: Self.rigged(backendClient(member), by: network),
            replicaURL: directory.appendingPathComponent("\(name).json"), policy: features.replicaPolicy,
            clock: retryClock, now: { clock.date })
    }

    private static func rigged(_ base: some DatabaseClient, by rig: RequestRig) -> any DatabaseClient {
        rig.client(base)
    }

    /// Sets up a session (seed written, a folder for the devices' replicas), runs `body`, and removes the folder.
    static func run(
        seed: FitKitSeed, now: Date, service: any DatabaseClient, features: [FeatureContract], offlineFirst: Bool,
        anonymous: any DatabaseClient,
        client: @escaping @Sendable (UUID) -> any DatabaseClient, followers: @escaping @Sendable () -> Int,
        _ body: (ScenarioSession) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-scenario-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let now = FitKitSeed.wholeSecond(now)
        let session = ScenarioSession(
            service: service, seed: seed, features: features, clock: TestClock(startDate: now), anonymous: anonymous,
            isOfflineFirst: offlineFirst, backendClient: client, followers: followers, directory: directory)
        try await session.seed.write(using: service, now: now, features: features)
        try await body(session)
    }
}
