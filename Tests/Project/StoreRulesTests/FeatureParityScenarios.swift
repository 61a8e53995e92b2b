import Booking
import Credits
import Events
import FitCore
import Foundation
import History
import ScenarioBackends

/// Every query and RPC the feature modules send, as flows over ``DatedSeed``: one table, run on every backend.
enum FeatureParityScenarios {
    typealias S = ParityScenario
    static func member(_ service: any DatabaseClient, _ id: UUID) -> any DatabaseClient {
        service.acting(as: .member(id))
    }
    static func line<T>(_ body: () async throws -> T, _ describe: (T) -> String) async -> String {
        await ParityScenario.outcome(body, describe)
    }

    static var all: [ParityScenario] { events + history + booking + credits }

    // MARK: Events

    static func event(
        _ seed: DatedSeed, _ title: String, days: Double, color: RGBAColor = .black, image: Data? = nil
    ) -> Event {
        Event(
            title: title, date: seed.whole(seed.now.addingTimeInterval(days * 86_400)), textColor: color,
            imageData: image)
    }

    static func describe(_ event: Event) -> String {
        "\(event.title) \(ParityScenario.wire(event.date)) \(event.textColor) \(event.imageData?.base64EncodedString() ?? "-")"
    }

    static let events: [ParityScenario] = [
        S("events: insert returns the stored row and fetchAll orders by date, title, id") { seed, service in
            let queries = EventsQueries(client: member(service, seed.alice.id))
            let marathon = event(seed, "Marathon", days: 30, color: RGBAColor(red: 0xFF, green: 0x88, blue: 0))
            let birthday = event(seed, "Birthday", days: 2, image: Data([0x89, 0x50, 0x4E, 0x47]))
            let anniversary = event(seed, "Anniversary", days: 2)
            return [
                await line({ try await queries.createEvent(marathon) }, describe),
                await line({ try await queries.createEvent(birthday) }, describe),
                await line({ try await queries.createEvent(anniversary) }, describe),
                await line({ try await queries.getEvents() }) { $0.map(describe).joined(separator: "; ") },
            ]
        },
        S("events: another member sees, fetches, updates and deletes none of them") { seed, service in
            let alice = EventsQueries(client: member(service, seed.alice.id))
            let bob = EventsQueries(client: member(service, seed.bob.id))
            let mine = event(seed, "Private", days: 1)
            var changed = mine
            changed.title = "Hijacked"
            return [
                await line({ try await alice.createEvent(mine) }, describe),
                await line({ try await bob.getEvents() }) { "\($0.count) events" },
                await line({ try await bob.getEvent(id: mine.id) }) { $0.map(describe) ?? "nil" },
                await line({ try await bob.updateEvent(changed) }, describe),
                await line({ try await bob.deleteEvents(ids: [mine.id]) }) { "\($0.count) deleted" },
                await line({ try await EventsQueries(client: service.acting(as: .anonymous)).getEvents() }) {
                    "\($0.count) events"
                },
                await line({ try await alice.getEvent(id: mine.id) }) { $0.map(describe) ?? "nil" },
            ]
        },
        S("events: update changes the row and delete returns the deleted ids") { seed, service in
            let queries = EventsQueries(client: member(service, seed.alice.id))
            let first = event(seed, "Race", days: 3)
            let second = event(seed, "Swim", days: 4)
            var renamed = first
            renamed.title = "Race day"
            renamed.textColor = .white
            return [
                await line({ try await queries.createEvent(first) }, describe),
                await line({ try await queries.createEvent(second) }, describe),
                await line({ try await queries.updateEvent(renamed) }, describe),
                await line({ try await queries.deleteEvents(ids: [first.id, UUID()]) }) {
                    "deleted the first: \($0 == [first.id])"
                },
                await line({ try await queries.getEvents() }) { $0.map(describe).joined(separator: "; ") },
            ]
        },
        S("events: a blank title is a check violation and a duplicate id a unique violation") { seed, service in
            let queries = EventsQueries(client: member(service, seed.alice.id))
            let valid = event(seed, "Gym", days: 1)
            var blank = event(seed, "x", days: 1)
            blank.title = "   "
            return [
                await line({ try await queries.createEvent(blank) }, describe),
                await line({ try await queries.createEvent(valid) }, describe),
                await line({ try await queries.createEvent(valid) }, describe),
                await line({ try await queries.getEvents() }) { "\($0.count) events" },
            ]
        },
        S("events: anon cannot insert") { seed, service in
            let queries = EventsQueries(client: service.acting(as: .anonymous))
            return [await line({ try await queries.createEvent(event(seed, "Ghost", days: 1)) }, describe)]
        },
    ]

    // MARK: History

    static func describe(_ workout: Workout) -> String {
        "\(workout.title) \(ParityScenario.wire(workout.performedAt)) \(workout.notes) \(workout.exercises.map { "\($0.name):\($0.sets.map { "\($0.reps)x\($0.weightKg)/\($0.restSeconds)" })" })"
    }

    static let history: [ParityScenario] = [
        S("history: the catalogue reads in page order") { _, service in
            [
                await line({ try await HistoryQueries(client: service.acting(as: .anonymous)).getExercises() }) {
                    $0.map { "\($0.position) \($0.name) \($0.videoName) \($0.durationSeconds)" }.joined(
                        separator: "; ")
                }
            ]
        },
        S("history: completions are recorded and read back oldest first, only by their member") { seed, service in
            let alice = HistoryQueries(client: member(service, seed.alice.id))
            let bob = HistoryQueries(client: member(service, seed.bob.id))
            let exercises = (try? await alice.getExercises()) ?? []
            guard exercises.count >= 2 else { return ["no catalogue"] }
            let early = seed.whole(seed.now.addingTimeInterval(-7200))
            let late = seed.whole(seed.now.addingTimeInterval(-60))
            return [
                await line({ try await alice.createCompletion(exerciseId: exercises[1].id, completedAt: late) }) {
                    ParityScenario.wire($0.completedAt)
                },
                await line({ try await alice.createCompletion(exerciseId: exercises[0].id, completedAt: early) }) {
                    ParityScenario.wire($0.completedAt)
                },
                await line({ try await alice.getCompletions() }) {
                    $0.map { completion in
                        "\(exercises.first { $0.id == completion.exerciseId }?.position ?? -1) \(ParityScenario.wire(completion.completedAt))"
                    }.joined(separator: "; ")
                },
                await line({ try await bob.getCompletions() }) { "\($0.count) completions" },
                await line({ try await alice.createCompletion(exerciseId: UUID(), completedAt: late) }) {
                    ParityScenario.wire($0.completedAt)
                },
            ]
        },
        S("history: a rating upsert replaces the earlier one; out of range is a check violation") { seed, service in
            let alice = RatingsQueries(client: member(service, seed.alice.id))
            let bob = RatingsQueries(client: member(service, seed.bob.id))
            let exercises = (try? await HistoryQueries(client: member(service, seed.alice.id)).getExercises()) ?? []
            guard let exercise = exercises.first else { return ["no catalogue"] }
            let at = seed.whole(seed.now)
            let describeRating: (StoredRating) -> String = {
                "\($0.memberId) \($0.exerciseId == exercise.id) \($0.rating) \(ParityScenario.wire($0.updatedAt))"
            }
            return [
                await line({ try await alice.saveRating(3, exerciseId: exercise.id, at: at) }, describeRating),
                await line(
                    { try await alice.saveRating(5, exerciseId: exercise.id, at: at.addingTimeInterval(60)) },
                    describeRating),
                await line({ try await alice.saveRating(6, exerciseId: exercise.id, at: at) }, describeRating),
                await line({ try await bob.saveRating(1, exerciseId: exercise.id, at: at) }, describeRating),
                await line({ try await alice.getRatings() }) { $0.map(describeRating).joined(separator: "; ") },
                await line({ try await bob.getRatings() }) { $0.map(describeRating).joined(separator: "; ") },
            ]
        },
        S("history: workouts insert, update, list newest first and delete; others see none") { seed, service in
            let alice = WorkoutsQueries(client: member(service, seed.alice.id))
            let bob = WorkoutsQueries(client: member(service, seed.bob.id))
            let legs = WorkoutDraft(
                title: "Legs", performedAt: seed.whole(seed.now.addingTimeInterval(-86_400)), notes: "heavy",
                exercises: [
                    WorkoutExercise(name: "Squat", sets: [WorkoutSet(reps: 5, weightKg: 100.5, restSeconds: 120)])
                ])
            let arms = WorkoutDraft(title: "Arms", performedAt: seed.whole(seed.now.addingTimeInterval(-3600)))
            var inserted: Workout?
            var lines = [
                await line({ try await alice.createWorkout(legs) }) {
                    inserted = $0
                    return describe($0)
                }
            ]
            lines.append(await line({ try await alice.createWorkout(arms) }, describe))
            lines.append(
                await line(
                    { try await alice.createWorkout(WorkoutDraft(title: " ", performedAt: seed.now)) }, describe))
            guard let id = inserted?.id else { return lines }
            var edited = legs
            edited.notes = "lighter"
            lines.append(await line({ try await alice.updateWorkout(id: id, to: edited) }, describe))
            lines.append(await line({ try await bob.updateWorkout(id: id, to: edited) }, describe))
            lines.append(await line({ try await alice.getWorkouts() }) { $0.map(describe).joined(separator: "; ") })
            lines.append(await line({ try await bob.getWorkouts() }) { "\($0.count) workouts" })
            lines.append(await line({ try await bob.deleteWorkout(id: id) }) { "deleted" })
            lines.append(await line({ try await alice.deleteWorkout(id: id) }) { "deleted" })
            lines.append(await line({ try await alice.getWorkouts() }) { $0.map(describe).joined(separator: "; ") })
            return lines
        },
    ]

    // MARK: Booking

    static func describe(_ booking: ClassBooking) -> String {
        "\(booking.classSessionId) \(booking.memberId) \(booking.status)"
    }
    static func describe(_ session: BookableSession) -> String {
        "\(session.name) \(ParityScenario.wire(session.startTime)) spots \(session.spotsRemaining.map(String.init) ?? "nil") cost \(session.creditCost?.description ?? "nil") cancelled \(session.isCancelled) booked \(session.isBooked) \(session.bookingId != nil)"
    }

    static let booking: [ParityScenario] = [
        S("booking: a booking debits the cost and shows in the timetable") { seed, service in
            let alice = BookingQueries(client: member(service, seed.alice.id))
            let credits = CreditsQueries(client: member(service, seed.alice.id))
            return [
                await line({ try await alice.bookSession(id: seed.upcomingClass) }, describe),
                await line({ try await alice.bookSession(id: seed.freeClass) }, describe),
                await line({ try await credits.getSummary() }) {
                    "\($0.balance) \($0.expiringSoon) \(ParityScenario.wire($0.earliestExpiry))"
                },
                await line({
                    try await alice.getTimetable(
                        from: seed.now.addingTimeInterval(-3600), to: seed.now.addingTimeInterval(100 * 3600),
                        studioId: seed.londonStudio)
                }) {
                    $0.map(describe).joined(separator: "; ")
                },
                await line({
                    try await BookingQueries(client: service.acting(as: .anonymous)).getTimetable(
                        from: seed.now, to: seed.now.addingTimeInterval(100 * 3600), studioId: seed.londonStudio)
                }) {
                    $0.map(describe).joined(separator: "; ")
                },
            ]
        },
        S("booking: every refusal has its FB code, in the contract's order") { seed, service in
            let alice = BookingQueries(client: member(service, seed.alice.id))
            let carol = BookingQueries(client: member(service, seed.carol.id))
            let anon = BookingQueries(client: service.acting(as: .anonymous))
            return [
                await line({ try await anon.bookSession(id: seed.upcomingClass) }, describe),
                await line({ try await alice.bookSession(id: UUID()) }, describe),
                await line({ try await alice.bookSession(id: seed.cancelledClass) }, describe),
                await line({ try await alice.bookSession(id: seed.startedClass) }, describe),
                await line({ try await alice.bookSession(id: seed.fullClass) }, describe),
                await line({ try await alice.bookSession(id: seed.expensiveClass) }, describe),
                await line({ try await carol.bookSession(id: seed.upcomingClass) }, describe),
                await line({ try await alice.bookSession(id: seed.upcomingClass) }, describe),
                await line({ try await alice.bookSession(id: seed.upcomingClass) }, describe),
                await line({ try await BookingFixturesLedger.balance(service, seed.alice.id) }) { "\($0)" },
            ]
        },
        S("booking: cancelling refunds before the 12-hour window and nothing inside it") { seed, service in
            let alice = BookingQueries(client: member(service, seed.alice.id))
            var early: ClassBooking?
            var late: ClassBooking?
            var lines = [
                await line({ try await alice.bookSession(id: seed.upcomingClass) }) {
                    early = $0
                    return describe($0)
                }
            ]
            lines.append(
                await line({ try await alice.bookSession(id: seed.soonClass) }) {
                    late = $0
                    return describe($0)
                })
            guard let early, let late else { return lines }
            lines.append(await line({ try await alice.cancelBooking(id: early.id) }) { "refunded \($0.refunded)" })
            lines.append(await line({ try await alice.cancelBooking(id: late.id) }) { "refunded \($0.refunded)" })
            lines.append(await line({ try await alice.cancelBooking(id: early.id) }) { "refunded \($0.refunded)" })
            // A booking of the class that has started, written directly as a back office would.
            let startedBooking = UUID()
            lines.append(
                await line({
                    try await service.from("bookings").insert(
                        [
                            "id": .string(startedBooking.uuidString),
                            "member_id": .string(seed.alice.id.uuidString),
                            "class_session_id": .string(seed.startedClass.uuidString),
                        ] as JSONValue, returning: .minimal
                    ).execute()
                }) { "written" })
            lines.append(
                await line({ try await alice.cancelBooking(id: startedBooking) }) { "refunded \($0.refunded)" })
            lines.append(
                await line({ try await BookingFixturesLedger.balance(service, seed.alice.id) }) { "\($0)" })
            lines.append(await line({ try await alice.bookSession(id: seed.upcomingClass) }, describe))
            return lines
        },
        S("booking: another member cannot cancel, and getActiveBookings shows only one's own") { seed, service in
            let alice = BookingQueries(client: member(service, seed.alice.id))
            let bob = BookingQueries(client: member(service, seed.bob.id))
            var booking: ClassBooking?
            var lines = [
                await line({ try await alice.bookSession(id: seed.upcomingClass) }) {
                    booking = $0
                    return describe($0)
                }
            ]
            guard let booking else { return lines }
            lines.append(await line({ try await bob.cancelBooking(id: booking.id) }) { "refunded \($0.refunded)" })
            lines.append(
                await line({
                    try await BookingQueries(client: service.acting(as: .anonymous)).cancelBooking(id: booking.id)
                }) { "refunded \($0.refunded)" })
            lines.append(
                await line({
                    try await alice.getActiveBookings(memberId: seed.alice.id, classSessionIds: seed.ruleClasses)
                }) {
                    $0.map { "\($0.key)=\($0.value == booking.id)" }.sorted().joined(separator: ",")
                })
            lines.append(
                await line({
                    try await bob.getActiveBookings(memberId: seed.alice.id, classSessionIds: seed.ruleClasses)
                }
                ) { "\($0.count) bookings" })
            lines.append(
                await line({
                    try await BookingQueries(client: service).getActiveBookings(
                        memberId: seed.alice.id, classSessionIds: seed.ruleClasses)
                }) { "\($0.count) bookings" })
            return lines
        },
    ]

    // MARK: Credits

    static let credits: [ParityScenario] = [
        S("credits: the summary caps expiring credits and signed-out is FB009") { seed, service in
            [
                await line({ try await CreditsQueries(client: member(service, seed.bob.id)).getSummary() }) {
                    "\($0.balance) \($0.expiringSoon) \(ParityScenario.wire($0.earliestExpiry))"
                },
                await line({ try await CreditsQueries(client: member(service, seed.carol.id)).getSummary() }) {
                    "\($0.balance) \($0.expiringSoon) \(ParityScenario.wire($0.earliestExpiry))"
                },
                await line({ try await CreditsQueries(client: service.acting(as: .anonymous)).getSummary() }) {
                    "\($0.balance)"
                },
                await line({ try await CreditsQueries(client: member(service, seed.bob.id)).getLedger() }) {
                    $0.map { "\($0.amount) \($0.reason)" }.sorted().joined(separator: ",")
                },
                await line({ try await CreditsQueries(client: member(service, seed.alice.id)).getLedger() }) {
                    "\($0.count) entries"
                },
                await line({ try await CreditsQueries(client: member(service, seed.bob.id)).getLedgerLines() }) {
                    $0.map { "\($0.entry.reason) \($0.className ?? "-") \(ParityScenario.wire($0.classStartsAt))" }
                        .sorted().joined(separator: ",")
                },
            ]
        }
    ]
}

/// The service role's view of a member's balance.
enum BookingFixturesLedger {
    static func balance(_ service: any DatabaseClient, _ member: UUID) async throws -> Decimal {
        let rows: [CreditLedgerEntry] = try await service.from("credit_ledger").select().eq(
            "member_id", value: member
        ).execute().value
        return rows.reduce(0) { $0 + $1.amount }
    }
}
