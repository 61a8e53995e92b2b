#if Postgres
    import FitContract
    import FitCore
    import FitInMemory
    import Foundation

    /// FitKit's seed (``FitKitSeed``) with fresh ids, so tests sharing one PostgreSQL server never see each other's
    /// private rows, written relative to the real current time (PostgreSQL's `now()` cannot be pinned). Its handles
    /// read on this value (`seed.upcomingClass`, `seed.alice`).
    @dynamicMemberLookup
    struct FreshSeed: Sendable {
        let seed = FitKitSeed.fresh()
        /// What the seed is relative to, to the whole second.
        let now = FitKitSeed.wholeSecond(Date())

        subscript<Value>(dynamicMember keyPath: KeyPath<FitKitSeed, Value>) -> Value { seed[keyPath: keyPath] }

        /// A fresh in-memory database with the contract installed (real clock, as PostgreSQL's).
        static func inMemoryDatabase() throws -> InMemoryDatabase {
            try InMemoryDatabase.embedded()
        }

        func install(using service: any DatabaseClient) async throws {
            try await seed.write(using: service, now: now)
        }

        /// To the whole second, so both backends store exactly the same instant.
        func whole(_ date: Date) -> Date { FitKitSeed.wholeSecond(date) }
    }
#endif
