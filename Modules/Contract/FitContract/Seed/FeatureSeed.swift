import FitCore
import Foundation

/// How a feature writes its rows of ``FitKitSeed``: with the seed's ids, relative to `now` (a whole second), through
/// the service-role client it is given, skipping rows that exist (`insertSeedRows(_:into:onConflict:)`).
public typealias FeatureSeed =
    @Sendable (_ seed: FitKitSeed, _ now: Date, _ service: any DatabaseClient) async throws -> Void
