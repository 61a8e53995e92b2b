import FitCore
import FitInMemory
import FitTesting
import Foundation
import History
import Members
import Testing

@Suite struct HistoryStoreTests {
    let clock = TestClock(startDate: HistoryTestData.date("2026-03-08T23:59:00-04:00"))
    let fixture: FitFixture
    var database: TestDatabase { fixture.database }
    let exercises: [Exercise]

    init() async throws {
        fixture = try await FitFixture.make(clock: clock)
        exercises = try await HistoryQueries(client: fixture.anonymous).getExercises()
    }

    func store(for member: Member = FitFixture.alice, database: TestDatabase? = nil) -> HistoryStore {
        let clock = clock
        return HistoryStore(
            queries: HistoryQueries(client: (database ?? self.database).client(as: .member(member.id))),
            timeZone: TimeZone(identifier: member.timeZone)!, now: { clock.date })
    }

    @Test func recordingAcrossMidnightStartsANewDayInTheMembersZone() async throws {
        let history = store()
        await history.load()
        #expect(history.days.isEmpty)
        #expect(history.exercises.count == 4)

        try await history.record(exercises[0])
        clock.advance(by: .seconds(120))  // 00:01 on the 9th in New York
        try await history.record(exercises[2])
        clock.advance(by: .seconds(1))
        try await history.record(exercises[1])

        #expect(history.days.map(\.day.description) == ["2026-03-09", "2026-03-08"])
        #expect(history.days.map(\.exerciseNames) == [["Burpee", "Step Up"], ["Squat"]])

        let reloaded = store()
        await reloaded.load()
        #expect(reloaded.days == history.days)
    }

    @Test func membersSeeNoneOfEachOthersHistory() async throws {
        let ada = store()
        await ada.load()
        try await ada.record(exercises[0])
        let ben = store(for: FitFixture.bob)
        await ben.load()
        #expect(ben.days.isEmpty)
        #expect(ben.exercises.count == 4)

        // Ben cannot write rows for Ada either.
        struct Body: Encodable, Sendable {
            let memberId: UUID
            let exerciseId: UUID
        }
        let benClient = database.client(as: .member(FitFixture.bob.id))
        await #expect(throws: DatabaseError.rowLevelSecurity(table: "exercise_history")) {
            try await benClient.from("exercise_history")
                .insert(Body(memberId: FitFixture.alice.id, exerciseId: exercises[0].id)).execute()
        }
        // Anonymous visitors see the catalogue but no history.
        let anonymous = HistoryQueries(client: database.client(as: .anonymous))
        #expect(try await anonymous.getExercises().count == 4)
        #expect(try await anonymous.getCompletions().isEmpty)
    }

    @Test func everythingSurvivesAPersistenceRoundTrip() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }

        let first = try await FitFixture.make(clock: clock, persistingTo: file).database
        let history = store(database: first)
        await history.load()
        try await history.record(history.exercises[0])
        clock.advance(by: .seconds(120))
        try await history.record(history.exercises[3])
        let ratings = RatingsStore(queries: RatingsQueries(client: first.client(as: .member(FitFixture.alice.id))))
        await ratings.load()
        try await ratings.rate(4, exerciseId: history.exercises[3].id)
        let log = WorkoutsStore(queries: WorkoutsQueries(client: first.client(as: .member(FitFixture.alice.id))))
        await log.load()
        try await log.add(
            WorkoutDraft(
                title: "Push day", performedAt: clock.date, notes: "felt strong",
                exercises: [
                    WorkoutExercise(name: "Bench press", sets: [WorkoutSet(reps: 5, weightKg: 62.5, restSeconds: 90)])
                ]))

        // A new database from the same file (seeding again adds nothing).
        let second = try await FitFixture.make(clock: clock, persistingTo: file).database
        let reloadedHistory = store(database: second)
        await reloadedHistory.load()
        #expect(reloadedHistory.exercises == history.exercises)
        #expect(reloadedHistory.days == history.days)
        #expect(reloadedHistory.days.map(\.exerciseNames) == [["Sun Salute"], ["Squat"]])
        let reloadedRatings = RatingsStore(
            queries: RatingsQueries(client: second.client(as: .member(FitFixture.alice.id))))
        await reloadedRatings.load()
        #expect(reloadedRatings.rating(for: history.exercises[3].id).value == 4)
        let reloadedLog = WorkoutsStore(
            queries: WorkoutsQueries(client: second.client(as: .member(FitFixture.alice.id))))
        await reloadedLog.load()
        #expect(reloadedLog.workouts == log.workouts)
        #expect(reloadedLog.workouts.first?.totals == WorkoutTotals(sets: 1, reps: 5, volumeKg: 312.5))
    }
}

@Suite struct HistoryStoreTimeZoneTests {
    @Test func aMembersTimeZoneIdentifierSetsTheCalendar() async throws {
        let fixture = try await FitFixture.make()
        let queries = HistoryQueries(client: fixture.client(as: fixture.bob))
        let store = HistoryStore(queries: queries, timeZoneIdentifier: fixture.bob.timeZone)
        #expect(store.calendar.timeZone.identifier == "Europe/London")
        #expect(HistoryStore(queries: queries, timeZoneIdentifier: "Not/AZone").calendar.timeZone == .gmt)
    }
}
