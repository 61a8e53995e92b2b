#if Postgres
    import Booking
    import Credits
    import FitContract
    import FitCore
    import FitPostgres
    import Foundation
    import Testing

    /// Many members racing for few spots through one connection pool: no overbooking, exact ledgers, and no
    /// serialization failure or deadlock reaching a caller.
    @Suite("PostgreSQL under concurrent bookings", PostgresTestEnvironment.enabled)
    struct PostgresConcurrencyTests {
        @Test(
            "1000 concurrent book attempts on a 20-spot class book exactly 20, with either pool mode",
            arguments: [PostgresPoolMode.onDemand, .allOpen])
        func exactlyCapacity(pool: PostgresPoolMode) async throws {
            let attempts = 1000
            let capacity = 20
            try await PostgresTestEnvironment.withDatabase(maximumConnections: 20, pool: pool) { database in
                let studio = UUID()
                let session = UUID()
                try await database.from("studios")
                    .insert(["id": .string(studio.uuidString), "name": "Race Studio", "time_zone": "UTC"] as JSONValue)
                    .execute()
                try await database.from("class_sessions").insert(
                    [
                        "id": .string(session.uuidString), "studio_id": .string(studio.uuidString), "name": "Popular",
                        "starts_at": .string(WireDate.string(from: Date().addingTimeInterval(86_400))),
                        "duration_minutes": 45,
                        "capacity": .number(Decimal(capacity)), "credit_cost": 2,
                    ] as JSONValue
                ).execute()
                let members = (0..<attempts).map { _ in UUID() }
                try await BackOffice(service: database).createAccounts(
                    members.map { NewAccount(id: $0, email: "\($0.uuidString)@race.example", displayName: "Racer") })
                try await database.from("credit_ledger").insert(
                    JSONValue.array(
                        members.map { id in
                            ["member_id": .string(id.uuidString), "amount": 5, "reason": "purchase"]
                        })
                ).execute()

                let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
                    for member in members {
                        group.addTask {
                            do {
                                _ = try await BookingQueries(client: database.acting(as: .member(member))).bookSession(
                                    id: session)
                                return "booked"
                            } catch let error as BookingError {
                                return error.code
                            } catch {
                                return "unexpected: \(error)"
                            }
                        }
                    }
                    var tally: [String: Int] = [:]
                    for try await outcome in group { tally[outcome, default: 0] += 1 }
                    return tally
                }
                #expect(outcomes == ["booked": capacity, "FB001": attempts - capacity])

                let active = try await database.from("bookings").select(head: true, count: .exact)
                    .eq("class_session_id", value: session).eq("status", value: "active").execute().count
                #expect(active == capacity)
                let ledger: [CreditLedgerEntry] = try await database.from("credit_ledger").select()
                    .in("member_id", values: members).execute().value
                let balances = Dictionary(grouping: ledger, by: \.memberId).mapValues {
                    $0.reduce(Decimal(0)) { $0 + $1.amount }
                }
                #expect(balances.count == attempts)
                #expect(balances.values.filter { $0 == 3 }.count == capacity)
                #expect(balances.values.filter { $0 == 5 }.count == attempts - capacity)
                #expect(ledger.filter { $0.reason == .booking }.count == capacity)
            }
        }
    }
#endif
