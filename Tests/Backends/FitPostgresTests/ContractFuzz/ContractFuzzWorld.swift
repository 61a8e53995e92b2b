#if Postgres
    import FitContract
    import FitCore
    import Foundation
    import ScenarioBackends
    import StudioDesk

    /// The rows one fuzz run starts from, installed alike on both backends: a studio with its waitlist cutoff, a few
    /// classes (capacity 1 or 2, cost 0 to 2, starting in three hours, a day or two days, so refunds and cutoffs
    /// differ, and far from every boundary), and members with three credits each.
    ///
    /// The layout comes from the sequence's seed; the ids are new for every run (both backends get the same ones),
    /// so runs on the shared PostgreSQL database never meet.
    struct ContractFuzzWorld: Sendable {
        let studio: UUID
        let sessions: [UUID]
        let capacities: [Int]
        let costs: [Int]
        let startOffsets: [TimeInterval]
        let members: [UUID]
        /// Two exercises of PostgreSQL's catalogue, which the run rates and completes.
        let exercises: [UUID]
        /// Their rows, installed in the embedded database as PostgreSQL has them.
        private let exerciseRows: [JSONValue]
        /// The start of every run's clock: each class starts at this plus its offset.
        let now: Date
        /// A session nobody created.
        let unknownSession: UUID
        /// The first bytes of the ids the run's own inserts get (ledger rows, events), the rest from the operation.
        private let salt: UUID

        static let memberCount = 4
        static let sessionCount = 3
        static let exerciseCount = 2

        /// PostgreSQL's catalogue has fewer than two exercises.
        struct NoCatalogue: Error {}

        init(layout: inout FuzzRandom, exercises rows: [JSONValue]) throws {
            exercises = try rows.map { row in
                guard case .object(let columns) = row, case .string(let id)? = columns["id"],
                    let uuid = UUID(uuidString: id)
                else { throw NoCatalogue() }
                return uuid
            }
            exerciseRows = rows
            var fresh = SystemRandomNumberGenerator()
            func id() -> UUID { UUID(uuid: Self.bytes(fresh.next(), fresh.next())) }
            studio = id()
            sessions = (0..<Self.sessionCount).map { _ in id() }
            members = (0..<Self.memberCount).map { _ in id() }
            unknownSession = id()
            salt = id()
            capacities = sessions.map { _ in 1 + layout.below(2) }
            costs = sessions.map { _ in layout.below(3) }
            startOffsets = sessions.map { _ in [3 * 3600, 24 * 3600, 48 * 3600][layout.below(3)] }
            now = Date()
        }

        /// An id of the run's own, for the `number`th row an operation inserts.
        func rowID(_ number: Int) -> UUID {
            var bytes = salt.uuid
            withUnsafeMutableBytes(of: &bytes) { raw in
                raw.storeBytes(of: UInt64(number).bigEndian, toByteOffset: 8, as: UInt64.self)
            }
            return UUID(uuid: bytes)
        }

        func startsAt(_ session: Int) -> Date { now.addingTimeInterval(startOffsets[session]) }

        /// Installs the rows as the service role, and the exercises too when `withExercises` (the embedded database;
        /// PostgreSQL has them).
        func install(on service: any DatabaseClient, withExercises: Bool) async throws {
            let office = BackOffice(service: service)
            try await office.addStudio(id: studio, name: "Fuzz studio", timeZone: "Europe/London")
            _ = try await service.from("waitlist_settings").insert(
                ["studio_id": .string(studio.uuidString), "cutoff_minutes": 60] as JSONValue
            ).executeRaw()
            for index in sessions.indices {
                try await office.addSession(
                    at: studio, id: sessions[index], name: "Class \(index)", startsAt: startsAt(index),
                    capacity: capacities[index], creditCost: Decimal(costs[index]))
            }
            _ = try await office.createAccounts(
                members.enumerated().map { index, member in
                    NewAccount(
                        id: member, email: "fuzz-\(member.uuidString.lowercased())@example.com",
                        displayName: "Member \(index)")
                })
            for (index, member) in members.enumerated() {
                try await office.addCredits(3, to: member, id: rowID(1_000_000 + index))
            }
            // Member 0 owns the studio: the desk's operations succeed for them and are refused for the others.
            try await office.addStaff(members[0], to: studio, as: .owner)
            guard withExercises else { return }
            _ = try await service.from("exercises").insert(JSONValue.array(exerciseRows)).executeRaw()
        }

        private static func bytes(_ high: UInt64, _ low: UInt64) -> uuid_t {
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &value) { raw in
                raw.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
                raw.storeBytes(of: low, toByteOffset: 8, as: UInt64.self)
            }
            // Version 4, variant 1, as gen_random_uuid() makes them.
            value.6 = value.6 & 0x0F | 0x40
            value.8 = value.8 & 0x3F | 0x80
            return value
        }
    }
#endif
