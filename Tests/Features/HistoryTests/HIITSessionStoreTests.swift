import FitCore
import FitInMemory
import FitTesting
import Foundation
import History
import Observation
import Testing

@Suite struct HIITSessionStoreTests {
    struct Setup {
        let clock = TestClock()
        let fixture: FitFixture
        var database: TestDatabase { fixture.database }
        let history: HistoryStore
        let session: HIITSessionStore

        init() async throws {
            let fixture = try await FitFixture.make(clock: clock)
            self.fixture = fixture
            let queries = HistoryQueries(client: fixture.client(as: fixture.alice))
            let clock = clock
            history = HistoryStore(
                queries: queries, timeZone: TimeZone(identifier: FitFixture.alice.timeZone)!, now: { clock.date })
            session = HIITSessionStore(queries: queries, history: history, clock: clock)
            await history.load()
            await session.load()
        }

        /// Starts the countdown and ticks the clock `seconds` times, checking the seconds shown before each tick.
        func tick(_ seconds: Int) async throws -> Task<Void, any Error> {
            let session = session
            let run = Task { try await session.start() }
            let start = try #require(session.remainingSeconds)
            for tick in 0..<seconds {
                await clock.waitForSleepers(count: 1)
                #expect(session.remainingSeconds == start - tick)
                #expect(session.isCountingDown)
                clock.advance(by: .seconds(1))
            }
            return run
        }

        /// Runs the current exercise's countdown to 0.
        func finishCountdown() async throws {
            let run = try await tick(try #require(session.remainingSeconds))
            try await run.value
        }

        func storedHistoryCount() async throws -> Int {
            let rows: [ExerciseCompletion] = try await database.client(as: .service)
                .from("exercise_history").select().eq("member_id", value: fixture.alice.id).execute().value
            return rows.count
        }
    }

    @Test func wholeWorkoutRunsFromWelcomeThroughHighFiveAndBack() async throws {
        let setup = try await Setup()
        let session = setup.session
        #expect(session.pages.count == 5)
        #expect(session.pages.first == .welcome)
        #expect(session.exercises.map(\.name) == ["Squat", "Step Up", "Burpee", "Sun Salute"])
        #expect(session.exercises.map(\.videoName) == ["squat", "step-up", "burpee", "sun-salute"])
        #expect(session.currentPage == 0)
        #expect(session.remainingSeconds == nil)

        try session.getStarted()
        for page in 1...4 {
            #expect(session.currentPage == page)
            #expect(session.remainingSeconds == 30)
            #expect(!session.canFinishExercise)
            try await setup.finishCountdown()
            #expect(session.remainingSeconds == 0)
            #expect(!session.isCountingDown)
            #expect(session.canFinishExercise)
            try await session.done()
        }

        #expect(session.isShowingHighFive)
        #expect(setup.clock.now.offset == .seconds(120))
        let today = try #require(setup.history.days.first)
        #expect(setup.history.days.count == 1)
        #expect(today.exerciseNames == ["Squat", "Step Up", "Burpee", "Sun Salute"])
        #expect(
            today.entries.map(\.completedAt)
                == [30, 60, 90, 120].map {
                    Date(timeIntervalSince1970: 1_780_596_000 + $0)
                })
        #expect(try await setup.storedHistoryCount() == 4)

        session.dismissHighFive()
        #expect(!session.isShowingHighFive)
        #expect(session.currentPage == 0)
    }

    @Test func doneIsRefusedBeforeTheCountdownReachesZero() async throws {
        let setup = try await Setup()
        let session = setup.session
        try session.getStarted()
        await #expect(throws: HIITSessionError.countdownNotFinished(remainingSeconds: 30)) { try await session.done() }

        let run = try await setup.tick(10)
        await setup.clock.waitForSleepers(count: 1)
        run.cancel()
        try await run.value
        #expect(session.remainingSeconds == 20)
        #expect(!session.isCountingDown)
        await #expect(throws: HIITSessionError.countdownNotFinished(remainingSeconds: 20)) { try await session.done() }
        #expect(session.currentPage == 1)
        #expect(try await setup.storedHistoryCount() == 0)

        // Starting again resumes where the countdown paused.
        try await setup.finishCountdown()
        #expect(setup.clock.now.offset == .seconds(30))
        try await session.done()
        #expect(session.currentPage == 2)
        #expect(try await setup.storedHistoryCount() == 1)
    }

    @Test func doneAndStartAreRefusedOnTheWelcomePage() async throws {
        let setup = try await Setup()
        await #expect(throws: HIITSessionError.notOnExercisePage) { try await setup.session.done() }
        await #expect(throws: HIITSessionError.notOnExercisePage) { try await setup.session.start() }
    }

    @Test func doneOnTheLastExerciseShowsHighFiveUntilDismissed() async throws {
        let setup = try await Setup()
        let session = setup.session
        try session.select(page: 4)
        #expect(session.currentExercise?.name == "Sun Salute")
        try await setup.finishCountdown()
        try await session.done()
        #expect(session.isShowingHighFive)
        #expect(!session.canFinishExercise)
        await #expect(throws: HIITSessionError.notOnExercisePage) { try await session.done() }
        #expect(try await setup.storedHistoryCount() == 1)
        session.dismissHighFive()
        #expect(session.currentPage == 0)
        #expect(!session.isShowingHighFive)
    }

    @Test(arguments: [0, 1, 3, 4])
    func selectShowsAnyPage(page: Int) async throws {
        let setup = try await Setup()
        try setup.session.select(page: page)
        #expect(setup.session.currentPage == page)
        #expect(setup.session.currentExercise == (page == 0 ? nil : setup.session.exercises[page - 1]))
    }

    @Test(arguments: [-1, 5, 99])
    func selectRefusesPagesThatDoNotExist(page: Int) async throws {
        let setup = try await Setup()
        try setup.session.select(page: 2)
        #expect(throws: HIITSessionError.pageOutOfRange(page, pageCount: 5)) { try setup.session.select(page: page) }
        #expect(setup.session.currentPage == 2)
    }

    @Test func leavingAPageStopsItsCountdown() async throws {
        let setup = try await Setup()
        let session = setup.session
        try session.getStarted()
        let run = try await setup.tick(5)
        await setup.clock.waitForSleepers(count: 1)
        #expect(session.remainingSeconds == 25)
        try session.select(page: 2)
        #expect(session.remainingSeconds == 30)
        #expect(!session.isCountingDown)
        setup.clock.advance(by: .seconds(1))
        try await run.value
        #expect(session.remainingSeconds == 30)
        try session.select(page: 1)
        #expect(session.remainingSeconds == 30)
    }

    @Test func savedPageIsRestoredEvenBeforeTheCatalogueLoads() async throws {
        let setup = try await Setup()
        try setup.session.select(page: 3)
        let saved = setup.session.savedPage
        #expect(saved == 3)

        let queries = HistoryQueries(client: setup.database.client(as: .member(FitFixture.alice.id)))
        let relaunched = HIITSessionStore(queries: queries, history: setup.history, clock: setup.clock)
        relaunched.restore(savedPage: saved)
        #expect(relaunched.currentPage == 0)
        await relaunched.load()
        #expect(relaunched.currentPage == 3)
        #expect(relaunched.currentExercise?.name == "Burpee")

        relaunched.restore(savedPage: 9)
        #expect(relaunched.currentPage == 0)
    }

    @Test func failedRecordingKeepsThePageAndTheRecordedHistory() async throws {
        let setup = try await Setup()
        let session = setup.session
        try session.getStarted()
        try await setup.finishCountdown()
        try await session.done()
        try await setup.finishCountdown()

        let failure = DatabaseError(code: "08006", message: "connection failure")
        setup.database.injectFault(.error(failure))
        await #expect(throws: failure) { try await session.done() }
        #expect(session.currentPage == 2)
        #expect(session.canFinishExercise)
        #expect(setup.history.days.first?.exerciseNames == ["Squat"])
        #expect(setup.history.error as? DatabaseError == failure)

        try await session.done()
        #expect(session.currentPage == 3)
        #expect(setup.history.days.first?.exerciseNames == ["Squat", "Step Up"])
        #expect(setup.history.error == nil)
    }

    @Test func observersHearEveryTick() async throws {
        let setup = try await Setup()
        let session = setup.session
        try session.getStarted()
        let run = Task { try await session.start() }
        await setup.clock.waitForSleepers(count: 1)
        await confirmation("remainingSeconds changed") { changed in
            withObservationTracking {
                _ = session.remainingSeconds
            } onChange: {
                changed()
            }
            setup.clock.advance(by: .seconds(1))
            await setup.clock.waitForSleepers(count: 1)
        }
        #expect(session.remainingSeconds == 29)
        run.cancel()
        try await run.value
        #expect(session.remainingSeconds == 29)
    }
}
