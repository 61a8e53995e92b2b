import FitContract
import Foundation

/// The seed a parity scenario runs over, and the instant it was written relative to: the same ids and instant on
/// the reference database and on the backend compared with it. Its handles read on this value (`seed.upcomingClass`,
/// `seed.alice`).
@dynamicMemberLookup
struct ParitySeed: Sendable {
    let seed: FitKitSeed
    /// What the seed is relative to, to the whole second.
    let now: Date

    subscript<Value>(dynamicMember keyPath: KeyPath<FitKitSeed, Value>) -> Value { seed[keyPath: keyPath] }

    /// To the whole second, so every backend stores exactly the same instant.
    func whole(_ date: Date) -> Date { FitKitSeed.wholeSecond(date) }
}
