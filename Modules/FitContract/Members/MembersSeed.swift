import FitCore
import Foundation

/// Members' rows of ``FitKitSeed``: every member of ``FitKitSeed/members``.
enum MembersSeed {
    @Sendable static func write(_ seed: FitKitSeed, now: Date, using service: any DatabaseClient) async throws {
        try await service.insertSeedRows(seed.members, into: "members")
    }
}
