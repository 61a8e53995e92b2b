import FitContract
import FitCore
import Foundation

/// FitKit's seed and the instant it is written relative to (a whole second, so every backend stores the same
/// instants): fresh ids by default, so tests sharing one PostgreSQL server never see each other's private rows; give
/// two databases the same value to compare them. Its handles read on this value (`seed.upcomingClass`, `seed.alice`).
@dynamicMemberLookup
public struct DatedSeed: Sendable {
    /// The seed.
    public let seed: FitKitSeed
    /// What the seed is relative to, to the whole second.
    public let now: Date

    /// - Parameters:
    ///   - seed: The seed; fresh ids by default.
    ///   - now: The instant it is written relative to; cut to the whole second.
    public init(seed: FitKitSeed = .fresh(), now: Date = Date()) {
        self.seed = seed
        self.now = FitKitSeed.wholeSecond(now)
    }

    /// A handle of the seed (an id, a member).
    ///
    /// - Parameter keyPath: The handle on ``/FitContract/FitKitSeed``.
    /// - Returns: Its value under this seed's ids.
    public subscript<Value>(dynamicMember keyPath: KeyPath<FitKitSeed, Value>) -> Value { seed[keyPath: keyPath] }

    /// Writes FitKit's seed through `service`, relative to ``now``.
    ///
    /// - Parameter service: A service-role client on a database with FitKit's contract.
    /// - Throws: The first `DatabaseError` a write is refused with.
    public func install(using service: any DatabaseClient) async throws {
        try await seed.write(using: service, now: now)
    }

    /// `date` to the whole second, so every backend stores exactly the same instant.
    ///
    /// - Parameter date: Any instant.
    /// - Returns: The start of its second.
    public func whole(_ date: Date) -> Date { FitKitSeed.wholeSecond(date) }
}
