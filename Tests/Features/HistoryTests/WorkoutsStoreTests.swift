import FitCore
import FitInMemory
import FitTesting
import Foundation
import History
import Members
import Testing

@Suite struct WorkoutLogStoreTests {
    let clock = TestClock()
    let fixture: FitFixture
    var database: TestDatabase { fixture.database }
    let log: WorkoutsStore

    static let bench = WorkoutExercise(
        name: "Bench press", sets: Array(repeating: WorkoutSet(reps: 5, weightKg: 60, restSeconds: 90), count: 3))
    static let squat = WorkoutExercise(
        name: "Back squat", sets: Array(repeating: WorkoutSet(reps: 8, weightKg: 80, restSeconds: 120), count: 2))

    init() async throws {
        fixture = try await FitFixture.make(clock: clock)
        let log = WorkoutsStore(queries: WorkoutsQueries(client: fixture.client(as: fixture.alice)))
        await log.load()
        self.log = log
    }

    func makeStore(for member: Member) -> WorkoutsStore {
        WorkoutsStore(queries: WorkoutsQueries(client: database.client(as: .member(member.id))))
    }

    func day(_ offset: Int) -> Date { clock.date.addingTimeInterval(Double(offset) * 86_400) }

    func storedWorkouts() async throws -> [Workout] {
        try await database.client(as: .service).from("workouts").select()
            .in("member_id", values: fixture.testMembers.map(\.id)).execute().value
    }

    /// A second store over the same database, freshly loaded: what another device would see.
    func reloaded() async -> [Workout] {
        let other = makeStore(for: FitFixture.alice)
        await other.load()
        return other.workouts
    }

    @Test func createdWorkoutsAreListedNewestFirst() async throws {
        let older = try await log.add(WorkoutDraft(title: "Legs", performedAt: day(-2), exercises: [Self.squat]))
        let newer = try await log.add(
            WorkoutDraft(title: "Push", performedAt: day(0), notes: "PB", exercises: [Self.bench]))
        let middle = try await log.add(WorkoutDraft(title: "Pull", performedAt: day(-1)))
        #expect(log.workouts.map(\.title) == ["Push", "Pull", "Legs"])
        #expect(log.workouts.map(\.id) == [newer.id, middle.id, older.id])
        #expect(newer.memberId == FitFixture.alice.id)
        #expect(newer.notes == "PB")
        #expect(newer.exercises == [Self.bench])
        #expect(await reloaded() == log.workouts)
    }

    @Test func editingAWorkoutSavesItsNewValues() async throws {
        let workout = try await log.add(WorkoutDraft(title: "Push", performedAt: day(-3), exercises: [Self.bench]))
        try await log.add(WorkoutDraft(title: "Pull", performedAt: day(-1)))
        var draft = workout.draft
        draft.title = "Push (heavy)"
        draft.performedAt = day(0)
        draft.notes = "moved"
        let edited = try await log.update(workout.id, to: draft)
        #expect(edited.id == workout.id)
        #expect(edited.createdAt == workout.createdAt)
        #expect(log.workouts.map(\.title) == ["Push (heavy)", "Pull"])
        #expect(await reloaded() == log.workouts)
    }

    @Test func deletingAWorkoutRemovesItEverywhere() async throws {
        let workout = try await log.add(WorkoutDraft(title: "Push", performedAt: day(0)))
        try await log.add(WorkoutDraft(title: "Pull", performedAt: day(-1)))
        try await log.delete(id: workout.id)
        #expect(log.workouts.map(\.title) == ["Pull"])
        #expect(try await storedWorkouts().map(\.title) == ["Pull"])
        await #expect(throws: WorkoutsError.workoutNotFound(workout.id)) { try await log.delete(id: workout.id) }
    }

    @Test func exercisesAndSetsCanBeAddedEditedAndRemoved() async throws {
        let id = try await log.add(WorkoutDraft(title: "Full body", performedAt: day(0))).id
        try await log.addExercise(Self.bench, to: id)
        try await log.addExercise(WorkoutExercise(name: "Squat"), to: id)
        try await log.addSet(WorkoutSet(reps: 8, weightKg: 80, restSeconds: 120), toExerciseAt: 1, in: id)
        try await log.addSet(WorkoutSet(reps: 8, weightKg: 80, restSeconds: 120), toExerciseAt: 1, in: id)
        try await log.updateExercise(at: 1, in: id, to: WorkoutExercise(name: "Back squat", sets: Self.squat.sets))
        #expect(log.workout(id)?.exercises == [Self.bench, Self.squat])
        #expect(log.workout(id)?.totals == WorkoutTotals(sets: 5, reps: 31, volumeKg: 2_180))

        try await log.updateSet(at: 2, ofExerciseAt: 0, in: id, to: WorkoutSet(reps: 3, weightKg: 70, restSeconds: 180))
        #expect(log.workout(id)?.exercises[0].sets[2] == WorkoutSet(reps: 3, weightKg: 70, restSeconds: 180))
        #expect(log.workout(id)?.totals == WorkoutTotals(sets: 5, reps: 29, volumeKg: 2_090))

        try await log.removeSet(at: 0, ofExerciseAt: 0, in: id)
        #expect(log.workout(id)?.exercises[0].sets.count == 2)
        try await log.removeExercise(at: 1, from: id)
        #expect(log.workout(id)?.exercises.map(\.name) == ["Bench press"])
        #expect(log.workout(id)?.totals == WorkoutTotals(sets: 2, reps: 8, volumeKg: 510))
        #expect(await reloaded() == log.workouts)
    }

    @Test(arguments: [
        (
            WorkoutDraft(title: "Mixed", performedAt: .distantPast, exercises: [bench, squat]),
            WorkoutTotals(sets: 5, reps: 31, volumeKg: 2_180)
        ),
        (WorkoutDraft(title: "Empty", performedAt: .distantPast), WorkoutTotals(sets: 0, reps: 0, volumeKg: 0)),
        (
            WorkoutDraft(
                title: "Body weight", performedAt: .distantPast,
                exercises: [
                    WorkoutExercise(
                        name: "Pull-up",
                        sets: [
                            WorkoutSet(reps: 10, weightKg: 0, restSeconds: 60),
                            WorkoutSet(reps: 7, weightKg: 2.5, restSeconds: 0),
                        ])
                ]), WorkoutTotals(sets: 2, reps: 17, volumeKg: 17.5)
        ),
    ])
    func totalsCountSetsRepsAndVolume(draft: WorkoutDraft, totals: WorkoutTotals) {
        #expect(draft.totals == totals)
    }

    static let invalidDrafts: [(WorkoutDraft, WorkoutsError)] = [
        (WorkoutDraft(title: "  ", performedAt: .distantPast), .blankTitle),
        (WorkoutDraft(title: "", performedAt: .distantPast), .blankTitle),
        (
            WorkoutDraft(title: "Push", performedAt: .distantPast, exercises: [bench, WorkoutExercise(name: " \n")]),
            .blankExerciseName(exercise: 1)
        ),
        (draft(WorkoutSet(reps: 0, weightKg: 20, restSeconds: 60)), .invalidReps(0, exercise: 0, set: 1)),
        (draft(WorkoutSet(reps: -3, weightKg: 20, restSeconds: 60)), .invalidReps(-3, exercise: 0, set: 1)),
        (draft(WorkoutSet(reps: 5, weightKg: -0.5, restSeconds: 60)), .invalidWeight(exercise: 0, set: 1)),
        (draft(WorkoutSet(reps: 5, weightKg: .nan, restSeconds: 60)), .invalidWeight(exercise: 0, set: 1)),
        (draft(WorkoutSet(reps: 5, weightKg: .infinity, restSeconds: 60)), .invalidWeight(exercise: 0, set: 1)),
        (draft(WorkoutSet(reps: 5, weightKg: 20, restSeconds: -1)), .negativeRest(-1, exercise: 0, set: 1)),
    ]

    static func draft(_ badSet: WorkoutSet) -> WorkoutDraft {
        WorkoutDraft(
            title: "Push", performedAt: .distantPast,
            exercises: [
                WorkoutExercise(name: "Press", sets: [WorkoutSet(reps: 5, weightKg: 40, restSeconds: 60), badSet])
            ])
    }

    @Test(arguments: invalidDrafts)
    func invalidWorkoutsAreRefusedAndNothingIsStored(draft: WorkoutDraft, error: WorkoutsError) async throws {
        let requestsBefore = database.requests.count
        await #expect(throws: error) { try await log.add(draft) }
        #expect(database.requests.count == requestsBefore)
        #expect(try await storedWorkouts().isEmpty)
        #expect(log.workouts.isEmpty)
        #expect(log.error as? WorkoutsError == error, "a refused change is exposed like any other failed write")
    }

    @Test func invalidChangesToAStoredWorkoutLeaveItAsItWas() async throws {
        let workout = try await log.add(WorkoutDraft(title: "Push", performedAt: day(0), exercises: [Self.bench]))
        let requestsBefore = database.requests.count
        await #expect(throws: WorkoutsError.invalidReps(0, exercise: 0, set: 3)) {
            try await log.addSet(WorkoutSet(reps: 0, weightKg: 60, restSeconds: 90), toExerciseAt: 0, in: workout.id)
        }
        await #expect(throws: WorkoutsError.blankExerciseName(exercise: 0)) {
            try await log.updateExercise(at: 0, in: workout.id, to: WorkoutExercise(name: "", sets: []))
        }
        await #expect(throws: WorkoutsError.setNotFound(index: 7, exercise: 0)) {
            try await log.removeSet(at: 7, ofExerciseAt: 0, in: workout.id)
        }
        await #expect(throws: WorkoutsError.exerciseNotFound(index: 4)) {
            try await log.addSet(WorkoutSet(reps: 1, weightKg: 1, restSeconds: 1), toExerciseAt: 4, in: workout.id)
        }
        var blank = workout.draft
        blank.title = " "
        await #expect(throws: WorkoutsError.blankTitle) { try await log.update(workout.id, to: blank) }
        #expect(database.requests.count == requestsBefore)
        #expect(log.workouts == [workout])
        #expect(try await storedWorkouts() == [workout])
    }

    @Test func databaseRejectsABlankTitleToo() async throws {
        let ada = database.client(as: .member(FitFixture.alice.id))
        await #expect(throws: DatabaseError.checkViolation(constraint: "workouts_title_check", table: "workouts")) {
            try await ada.from("workouts").insert(WorkoutDraft(title: "   ", performedAt: day(0))).execute()
        }
    }

    @Test func membersSeeAndChangeOnlyTheirOwnWorkouts() async throws {
        let workout = try await log.add(WorkoutDraft(title: "Push", performedAt: day(0), exercises: [Self.bench]))
        let ben = makeStore(for: FitFixture.bob)
        await ben.load()
        #expect(ben.workouts.isEmpty)
        await #expect(throws: WorkoutsError.workoutNotFound(workout.id)) { try await ben.delete(id: workout.id) }

        // Even past the store, row-level security hides Ada's row from Ben's requests.
        let benQueries = WorkoutsQueries(client: database.client(as: .member(FitFixture.bob.id)))
        await #expect(throws: WorkoutsError.workoutNotFound(workout.id)) {
            try await benQueries.updateWorkout(id: workout.id, to: WorkoutDraft(title: "Mine now", performedAt: day(0)))
        }
        try await benQueries.deleteWorkout(id: workout.id)
        #expect(try await storedWorkouts() == [workout])
    }
}
