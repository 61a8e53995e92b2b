#if Postgres
    import FitCore
    import FitWire
    import Foundation
    import ScenarioBackends

    /// One backend's side of a fuzz run: its clients by role, and the bookings its answers made, in order (an
    /// operation names a booking by its place in that list, which is the same on both sides until they diverge).
    final class ContractFuzzSide {
        let world: ContractFuzzWorld
        private let client: @Sendable (DatabaseRole) -> any DatabaseClient
        private(set) var bookings: [(id: String, member: Int)] = []
        private var inserted = 0

        init(world: ContractFuzzWorld, client: @escaping @Sendable (DatabaseRole) -> any DatabaseClient) {
            self.world = world
            self.client = client
        }

        private func member(_ index: Int) -> any DatabaseClient { client(.member(world.members[index])) }
        private var service: any DatabaseClient { client(.service) }

        /// The side as the fuzzer runs it.
        var side: DifferentialFuzzer<ContractFuzzOperation>.Side {
            .init(run: { await self.run($0) }, tables: { await self.tables() })
        }

        /// Runs `operation` and returns its answer as ``FuzzAnswer`` writes it, noting the booking it made.
        func run(_ operation: ContractFuzzOperation) async -> String {
            let request = request(for: operation)
            if request == nil { return "skipped: no booking yet" }
            return await FuzzAnswer.of(request, naming: name(of:), opaqueColumns: Self.sequenceColumns) { body in
                if case .book(let member, _) = operation, case .object(let booking) = body,
                    case .string(let id)? = booking["id"]
                {
                    bookings.append((id.lowercased(), member))
                }
            }
        }

        private func request(for operation: ContractFuzzOperation) -> FilterBuilder? {
            let ids = world.sessions.map(\.uuidString)
            switch operation {
            case .book(let member, let session):
                return self.member(member).rpc("book_session", params: ["session_id": ids[session]])
            case .cancelBooking(let nth):
                guard !bookings.isEmpty else { return nil }
                let booking = bookings[nth % bookings.count]
                return self.member(booking.member).rpc("cancel_booking", params: ["booking_id": booking.id])
            case .joinWaitlist(let member, let session):
                return self.member(member).rpc("join_waitlist", params: ["session_id": ids[session]])
            case .leaveWaitlist(let member, let session):
                return self.member(member).rpc("leave_waitlist", params: ["session_id": ids[session]])
            case .creditSummary(let member):
                return self.member(member).rpc("credit_summary")
            case .buyCredits(let member, let amount):
                inserted += 1
                let row: JSONValue = [
                    "id": .string(world.rowID(inserted).uuidString),
                    "member_id": .string(world.members[member].uuidString), "amount": .number(Decimal(amount)),
                    "reason": "purchase",
                ]
                return service.from("credit_ledger").insert(row)
            case .setCapacity(let session, let capacity):
                return service.from("class_sessions").update(["capacity": capacity]).eq("id", value: ids[session])
            case .cancelClass(let session):
                let at = WireDate.string(from: world.now)
                return service.from("class_sessions").update(["cancelled_at": at]).eq("id", value: ids[session])
            case .addEvent(let member, let number):
                inserted += 1
                let row: JSONValue = [
                    "id": .string(world.rowID(inserted).uuidString), "title": .string("Event \(number)"),
                    "date": .string(WireDate.string(from: world.now.addingTimeInterval(Double(number) * 60))),
                    // Every fifth one in a colour the table's check refuses (lower case, six digits).
                    "text_color": .string(number % 5 == 0 ? "#00ff00" : "#00FF00FF"),
                ]
                return self.member(member).from("events").insert(row, returning: .representation)
            case .readBookings(let member, let status):
                let read = self.member(member).from("bookings").select()
                return status.map { read.eq("status", value: $0) } ?? read
            case .readLedger(let member):
                return self.member(member).from("credit_ledger").select()
            case .readTimetable(let member):
                let reader = member.map(self.member) ?? client(.anonymous)
                return reader.from("bookable_sessions").select().in("session_id", values: ids)
            case .readWaitlist(let member):
                return self.member(member).from("waitlist_entries").select()
            case .readNotifications(let member):
                return self.member(member).from("notifications").select()
            case .anonymousBooks(let session):
                return client(.anonymous).rpc("book_session", params: ["session_id": ids[session]])
            case .bookUnknown(let member):
                return self.member(member).rpc("book_session", params: ["session_id": world.unknownSession.uuidString])
            case .negativeCapacity(let session):
                return service.from("class_sessions").update(["capacity": -1]).eq("id", value: ids[session])
            case .deleteAccount(let member):
                return self.member(member).rpc("delete_my_account")
            case .rate(let member, let exercise, let rating):
                let row: JSONValue = [
                    "exercise_id": .string(world.exercises[exercise].uuidString), "rating": .number(Decimal(rating)),
                ]
                return self.member(member).from("exercise_ratings").insert(row, returning: .representation)
            case .completeExercise(let member, let exercise):
                inserted += 1
                let row: JSONValue = [
                    "id": .string(world.rowID(inserted).uuidString),
                    "exercise_id": .string(world.exercises[exercise].uuidString),
                    "completed_at": .string(WireDate.string(from: world.now.addingTimeInterval(Double(inserted)))),
                ]
                return self.member(member).from("exercise_history").insert(row, returning: .representation)
            case .logWorkout(let member, let titled, let sets):
                inserted += 1
                let set: JSONValue = ["reps": 5, "weight_kg": 20, "rest_seconds": 60]
                let row: JSONValue = [
                    "id": .string(world.rowID(inserted).uuidString), "title": .string(titled ? "Push" : ""),
                    "performed_at": .string(WireDate.string(from: world.now)),
                    "exercises": [["name": "Press", "sets": .array(Array(repeating: set, count: sets))]],
                ]
                return self.member(member).from("workouts").insert(row, returning: .representation)
            case .readExercises(let member):
                let reader = member.map(self.member) ?? client(.anonymous)
                return reader.from("exercises").select().in("id", values: world.exercises.map(\.uuidString))
            case .readStudio(let member):
                let reader = member.map(self.member) ?? client(.anonymous)
                return reader.from("studios").select("id, name, time_zone, waitlist_settings(cutoff_minutes)")
                    .eq("id", value: world.studio.uuidString)
            case .readCurrentWaitlist(let member):
                return self.member(member).from("current_waitlist_entries").select()
            case .readWorkouts(let member):
                return self.member(member).from("workouts").select()
            case .readRatings(let member):
                return self.member(member).from("exercise_ratings").select()
            case .readHistory(let member, let limit):
                return self.member(member).from("exercise_history").select().order("completed_at", ascending: false)
                    .limit(limit)
            case .readSpending(let member):
                return self.member(member).from("credit_ledger").select().lt("amount", value: 0)
            case .deskCancel(let member, let session):
                return self.member(member).rpc("desk_cancel_class", params: ["session_id": ids[session]])
            case .deskCapacity(let member, let session, let capacity):
                let arguments: JSONValue = [
                    "session_id": .string(ids[session]), "capacity": .number(Decimal(capacity)),
                ]
                return self.member(member).rpc("desk_set_capacity", params: arguments)
            case .deskAdjust(let member, let target, let amount):
                let arguments: JSONValue = [
                    "studio_id": .string(world.studio.uuidString),
                    "member_id": .string(world.members[target].uuidString),
                    "amount": .number(Decimal(amount)), "note": "Fuzz",
                ]
                return self.member(member).rpc("desk_adjust_credits", params: arguments)
            case .deskClassCutoff(let member, let session, let minutes):
                var arguments: [String: JSONValue] = ["session_id": .string(ids[session])]
                if minutes != 0 { arguments["minutes"] = .number(Decimal(minutes)) }
                return self.member(member).rpc("desk_set_class_cutoff", params: JSONValue.object(arguments))
            case .deskMove(let member, let session, let target, let place):
                let arguments: JSONValue = [
                    "session_id": .string(ids[session]), "member_id": .string(world.members[target].uuidString),
                    "place": .number(Decimal(place)),
                ]
                return self.member(member).rpc("desk_move_in_line", params: arguments)
            case .deskRules(let member, let days, let cap):
                var arguments: [String: JSONValue] = [
                    "studio_id": .string(world.studio.uuidString), "clear_booking_window": .bool(days == 0),
                    "clear_line_cap": .bool(cap == 0),
                ]
                if days != 0 { arguments["booking_opens_days"] = .number(Decimal(days)) }
                if cap != 0 { arguments["line_cap"] = .number(Decimal(cap)) }
                return self.member(member).rpc("desk_set_policies", params: JSONValue.object(arguments))
            case .setRefundWindow(let minutes):
                return service.from("studio_policies").update(["full_refund_minutes": minutes])
                    .eq("studio_id", value: world.studio.uuidString)
            case .updateProfile(let member, let change):
                let (displayName, timeZone) = ContractFuzzOperation.profileChanges[change]
                var parameters: [String: String] = [:]
                parameters["display_name"] = displayName
                parameters["time_zone"] = timeZone
                return self.member(member).rpc("update_my_profile", params: parameters)
            }
        }

        /// Every table the run wrote, as the service role reads it: its rows, normalized and sorted.
        func tables() async -> [String] {
            let sessions = world.sessions.map(\.uuidString)
            let members = world.members.map(\.uuidString)
            let reads: [(String, FilterBuilder)] = [
                ("class_sessions", service.from("class_sessions").select().in("id", values: sessions)),
                ("bookings", service.from("bookings").select().in("class_session_id", values: sessions)),
                ("credit_ledger", service.from("credit_ledger").select().in("member_id", values: members)),
                (
                    "waitlist_entries",
                    service.from("waitlist_entries").select().in("class_session_id", values: sessions)
                ),
                ("notifications", service.from("notifications").select().in("member_id", values: members)),
                ("events", service.from("events").select().in("member_id", values: members)),
                ("members", service.from("members").select().in("id", values: members)),
                ("exercise_ratings", service.from("exercise_ratings").select().in("member_id", values: members)),
                ("exercise_history", service.from("exercise_history").select().in("member_id", values: members)),
                ("workouts", service.from("workouts").select().in("member_id", values: members)),
                (
                    "studio_policies",
                    service.from("studio_policies").select().eq("studio_id", value: world.studio.uuidString)
                ),
            ]
            var tables: [String] = []
            for (name, read) in reads {
                do {
                    let response = try await read.executeRaw()
                    tables.append(
                        "\(name): \(FuzzAnswer.normalized(try JSONValue(json: response.data), naming: name(of:), opaqueColumns: Self.sequenceColumns))"
                    )
                } catch {
                    tables.append("\(name): \(error)")
                }
            }
            return tables
        }

        /// Columns whose values come from an identity sequence shared by every run on the server:
        /// `waitlist_entries.position`.
        static let sequenceColumns: Set<String> = ["position"]

        /// The run's own ids by name (`member 2`, `session 0`, `booking #3`); `nil` for any other.
        private func name(of id: UUID) -> String? {
            if let index = world.members.firstIndex(of: id) { return "member \(index)" }
            if let index = world.sessions.firstIndex(of: id) { return "session \(index)" }
            if id == world.studio { return "studio" }
            let text = UUIDText.lowercase(id)
            if let index = bookings.firstIndex(where: { $0.id == text }) { return "booking #\(index)" }
            return nil
        }
    }
#endif
