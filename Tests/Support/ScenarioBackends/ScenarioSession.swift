import FitContract
import FitCore
import FitTesting
import Foundation

/// A database with FitKit's seed (fresh ids, so sessions can share a server). Members' clients go through ``rig``
/// (FitTesting's request log, latency, faults and connection), whichever backend is behind them.
public struct ScenarioSession: Sendable {
    /// The service-role client: the back office.
    public let service: any DatabaseClient
    /// The rig every member's client goes through.
    public let rig = RequestRig(clock: TestClock())
    /// The seed the database holds.
    public let seed = FitKitSeed.fresh()
    /// The features the database has.
    public let features: [FeatureContract]
    private let backendClient: @Sendable (UUID) -> any DatabaseClient
    private let followers: @Sendable () -> Int
    /// A client acting as nobody (anon), straight to the backend.
    public let anonymous: any DatabaseClient

    init(
        service: any DatabaseClient, features: [FeatureContract], anonymous: any DatabaseClient,
        client: @escaping @Sendable (UUID) -> any DatabaseClient, followers: @escaping @Sendable () -> Int
    ) {
        self.service = service
        self.features = features
        self.anonymous = anonymous
        backendClient = client
        self.followers = followers
    }

    /// How many change-feed followers the backend has now (they leave when their task is cancelled).
    public var changeFollowerCount: Int { followers() }

    /// The back office over ``service``.
    public var backOffice: BackOffice { BackOffice(service: service) }

    /// `member`'s client, through ``rig``.
    ///
    /// - Parameter member: The member's id.
    /// - Returns: A client acting as the member.
    public func client(_ member: UUID) -> any DatabaseClient {
        Self.rigged(backendClient(member), by: rig)
    }

    /// `member`'s client, straight to the backend (no rig).
    ///
    /// - Parameter member: The member's id.
    /// - Returns: A client acting as the member.
    public func directClient(_ member: UUID) -> any DatabaseClient { backendClient(member) }

    private static func rigged(_ base: some DatabaseClient, by rig: RequestRig) -> any DatabaseClient {
        rig.client(base)
    }

    func writeSeed() async throws {
        try await seed.write(using: service, now: Date(), features: features)
    }
}
