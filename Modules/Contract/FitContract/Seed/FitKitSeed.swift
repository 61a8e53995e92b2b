import FitCore
import Foundation

/// FitKit's one seed: the believable studio behind `swift run fit-demo`, the documentation and every test.
///
/// Two studios in different time zones with a week of classes from the day it is written; a class for every booking rule (one
/// that has started, one cancelled, one full, one free, one that costs more than anyone has); six members with credits
/// (some expiring), bookings, events, exercise history, ratings and strength workouts. Each feature declares its own
/// rows next to its schema (``FeatureContract/seed``), and ``write(using:now:features:)`` writes them in the features'
/// order through a service-role client, as a back office would, so the same seed works on every backend.
///
/// ```swift
/// let database = try InMemoryDatabase.embedded()
/// let seed = FitKitSeed.fixed  // the demo's and the documentation's ids
/// try await seed.write(using: database.client(as: .service), now: Date())
/// let store = CreditsStore(queries: CreditsQueries(client: database.client(as: .member(seed.maya.id))))
/// ```
///
/// With ``fixed`` ids documentation can name a row; tests that share a server use ``fresh()``. Every write skips rows that exist, so writing the same fixed seed twice changes nothing.
public struct FitKitSeed: Sendable {
    /// How the seed's rows are named.
    public let identity: SeedIdentity

    /// The seed with ``SeedIdentity/fixed`` ids: the demo's and the documentation's.
    public static let fixed = FitKitSeed(identity: .fixed)

    /// A seed with ids no other seed has (``SeedIdentity/fresh()``), for tests that share a server.
    ///
    /// - Returns: A new seed; every call gives another.
    public static func fresh() -> FitKitSeed { FitKitSeed(identity: .fresh()) }

    /// A seed whose rows are named by `identity`.
    ///
    /// - Parameter identity: ``SeedIdentity/fixed`` or ``SeedIdentity/fresh()`` ids.
    public init(identity: SeedIdentity) {
        self.identity = identity
    }

    /// Writes every feature's rows through `service`, relative to `now`, in the features' order (a feature's rows
    /// after those they reference); rows that exist are skipped.
    ///
    /// - Parameters:
    ///   - service: A client acting as the service role, on a database that has the features' schema.
    ///   - now: What "today" and "in 6 hours" are relative to; cut to the whole second, so every backend stores the
    ///     same instants.
    ///   - features: The features whose rows to write; FitKit's by default (an app adds its own).
    /// - Throws: The first ``/FitCore/DatabaseError`` a write is refused with; the rows written before it stay.
    public func write(
        using service: some DatabaseClient, now: Date, features: [FeatureContract] = FitKitContract.features
    ) async throws {
        let now = Self.wholeSecond(now)
        for feature in features {
            try await feature.seed?(self, now, service)
        }
    }

    /// The id of row `number` of the kind `prefix` names (``SeedIdentity/id(_:_:)``).
    ///
    /// - Parameters:
    ///   - prefix: Eight hex digits that say what the row is.
    ///   - number: The row's number.
    /// - Returns: The id under this seed's ``identity``.
    public func id(_ prefix: String, _ number: Int) -> UUID { identity.id(prefix, number) }

    /// `date` cut to the whole second.
    ///
    /// - Parameter date: Any instant.
    /// - Returns: The instant at the start of its second.
    public static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// `hour:minute` local time in `zone`, `days` days after the day `now` falls on in that zone.
    static func localTime(days: Int, hour: Int, minute: Int, in zone: TimeZone, now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.startOfDay(for: now)
        let day = calendar.date(byAdding: .day, value: days, to: today) ?? today
        return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) ?? day
    }
}
