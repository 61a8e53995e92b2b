#if Postgres
    import Members
    import FitContract
    import Booking
    import Credits
    import Events
    import FitCore
    import FitInMemory
    import Foundation
    import History

    /// The same rows, with the same ids, for both backends: seeded through any backend's service role,
    /// relative to the real current time (PostgreSQL's `now()` cannot be pinned). Fresh ids every time, so
    /// tests sharing one PostgreSQL server never see each other's private rows.
    struct ParitySeed: Sendable {
        let now = Date()
        let studio = UUID()
        /// In 48 hours, capacity 10, 2 credits.
        let upcoming = UUID()
        /// In 6 hours (no refund), capacity 10, 3 credits.
        let soon = UUID()
        /// Started 30 minutes ago.
        let started = UUID()
        /// In 24 hours, cancelled.
        let cancelled = UUID()
        /// In 30 hours, capacity 0.
        let full = UUID()
        /// In 72 hours, free.
        let free = UUID()
        /// In 96 hours, 50 credits.
        let expensive = UUID()
        /// 20 credits.
        let alice = UUID()
        /// 20 credits, 5 of them expiring in 7 days.
        let bob = UUID()
        /// No credits.
        let carol = UUID()
        /// A booking of Alice's on the started session, written directly (as a back office would).
        let startedBooking = UUID()

        var sessions: [UUID] { [upcoming, soon, started, cancelled, full, free, expensive] }

        /// A fresh in-memory database with the contract installed (real clock, as PostgreSQL's).
        static func inMemoryDatabase() throws -> InMemoryDatabase {
            try InMemoryDatabase.embedded()
        }

        func install(using service: any DatabaseClient) async throws {
            try await HistoryQueries(client: service).createExercises(ExerciseCatalogue.hiit)
            try await service.from("studios")
                .insert(
                    ["id": .string(studio.uuidString), "name": "Parity Studio", "time_zone": "Europe/London"]
                        as JSONValue
                )
                .execute()
            func session(
                _ id: UUID, _ name: String, hours: Double, capacity: Int = 10, cost: Decimal = 2,
                cancelled: Bool = false
            )
                -> JSONValue
            {
                [
                    "id": .string(id.uuidString), "studio_id": .string(studio.uuidString), "name": .string(name),
                    "description": nil, "instructor_name": "Sam",
                    "starts_at": .string(WireDate.string(from: whole(now.addingTimeInterval(hours * 3600)))),
                    "duration_minutes": 45, "capacity": .number(Decimal(capacity)), "credit_cost": .number(cost),
                    "cancelled_at": cancelled ? .string(WireDate.string(from: whole(now))) : nil,
                ]
            }
            try await service.from("class_sessions").insert(
                JSONValue.array([
                    session(upcoming, "Yoga Flow", hours: 48), session(soon, "Spin", hours: 6, cost: 3),
                    session(started, "Early Pilates", hours: -0.5),
                    session(cancelled, "Boxing", hours: 24, cancelled: true),
                    session(full, "Private Session", hours: 30, capacity: 0),
                    session(free, "Open Gym", hours: 72, cost: 0),
                    session(expensive, "Masterclass", hours: 96, cost: 50),
                ])
            ).execute()
            try await service.from("members").insert(
                JSONValue.array(
                    [alice, bob, carol].enumerated().map { index, id in
                        [
                            "id": .string(id.uuidString), "display_name": .string("Member \(index)"),
                            "email": .string("\(id.uuidString)@example.com"),
                        ]
                    })
            ).execute()
            let expiry = WireDate.string(from: whole(now.addingTimeInterval(7 * 86_400)))
            try await service.from("credit_ledger").insert(
                JSONValue.array([
                    ["member_id": .string(alice.uuidString), "amount": 20, "reason": "purchase"],
                    ["member_id": .string(bob.uuidString), "amount": 15, "reason": "purchase"],
                    [
                        "member_id": .string(bob.uuidString), "amount": 5, "reason": "purchase",
                        "expires_at": .string(expiry),
                    ],
                ])
            ).execute()
            try await service.from("bookings").insert(
                [
                    "id": .string(startedBooking.uuidString), "member_id": .string(alice.uuidString),
                    "class_session_id": .string(started.uuidString),
                ] as JSONValue
            ).execute()
        }

        /// To the whole second, so both backends store exactly the same instant.
        func whole(_ date: Date) -> Date { Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)) }
    }
#endif
