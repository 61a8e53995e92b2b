import FitCore
import FitStores
import Foundation
import Observation

/// A HIIT workout: a welcome page, then one page per catalogue exercise, each with a countdown.
///
/// Pages are numbered 0 (welcome) to N (the last exercise), as the seed's page dots. On an exercise page
/// ``start()`` counts down on the injected clock; ``done()`` is allowed once the countdown has reached 0,
/// records the exercise through the ``HistoryStore`` and moves on; Done on the last exercise shows High Five,
/// and ``dismissHighFive()`` returns to the welcome page.
///
/// The page survives relaunches the way the seed's `@SceneStorage` does: store ``savedPage`` and hand it to
/// ``restore(savedPage:)`` (before or after ``load()``; a page the catalogue no longer has shows the welcome page).
public final class HIITSessionStore: LoadingStore {
    /// Everything the store shows, as one observable value.
    public struct State: Sendable {
        /// The exercise catalogue, in page order.
        public var catalogue = LoadState<[Exercise]>()
        /// The selected page as saved or chosen; see ``HIITSessionStore/currentPage`` for the page shown.
        public var selectedPage = 0
        /// The High Five page shows after Done on the last exercise.
        public var isShowingHighFive = false
        var countdown: Countdown?
        var lastRun = 0

        /// Nothing loaded yet.
        public init() {}

        var exercises: [Exercise] { catalogue.value ?? [] }
        var currentPage: Int { selectedPage <= exercises.count ? selectedPage : 0 }
        var remainingSeconds: Int? {
            let page = currentPage
            guard page > 0 else { return nil }
            if let countdown, countdown.page == page { return countdown.remainingSeconds }
            return exercises[page - 1].durationSeconds
        }
    }

    /// The countdown of one exercise page; a new page starts from the exercise's full duration.
    struct Countdown: Sendable {
        var page: Int
        var remainingSeconds: Int
        var isRunning = false
        var run = 0
    }

    private let storage = StoreStorage(State())
    private let queries: HistoryQueries
    private let history: HistoryStore
    private let clock: any Clock<Duration>

    /// - Parameters:
    ///   - queries: to load the catalogue.
    ///   - history: where finished exercises are recorded (so the history screen updates too).
    ///   - clock: the countdown ticks once a second on it.
    public init(queries: HistoryQueries, history: HistoryStore, clock: any Clock<Duration> = ContinuousClock()) {
        self.queries = queries
        self.history = history
        self.clock = clock
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<[Exercise]>> { \.catalogue }
    /// The catalogue exercises, in page order.
    public var exercises: [Exercise] { state.exercises }
    /// Welcome, then one page per exercise.
    public var pages: [HIITPage] { [.welcome] + state.exercises.map(HIITPage.exercise) }
    /// The page shown: 0 is the welcome page, `n` the n-th exercise.
    public var currentPage: Int { state.currentPage }
    /// The exercise on the current page, `nil` on the welcome page.
    public var currentExercise: Exercise? {
        let state = state
        return state.currentPage == 0 ? nil : state.exercises[state.currentPage - 1]
    }
    /// Seconds left on the current exercise (its full duration before ``start()``), `nil` on the welcome page.
    public var remainingSeconds: Int? { state.remainingSeconds }
    /// Whether the countdown of the current page is running.
    public var isCountingDown: Bool {
        let state = state
        return state.countdown.map { $0.page == state.currentPage && $0.isRunning } ?? false
    }
    /// Whether Done is enabled: the countdown has reached 0.
    public var canFinishExercise: Bool { remainingSeconds == 0 && !state.isShowingHighFive }
    /// Whether High Five is showing (after Done on the last exercise).
    public var isShowingHighFive: Bool { state.isShowingHighFive }
    /// What to persist (`@SceneStorage`-style) to come back to this page.
    public var savedPage: Int { state.selectedPage }

    /// Loads (or reloads) the exercise catalogue. Returns when done.
    public func load() async {
        let queries = queries
        await storage.load(self, \.catalogue) { try await queries.getExercises() }
    }

    /// Reloads the catalogue, keeping the pages visible while it runs (the same as ``load()``).
    public func refresh() async {
        await load()
    }

    /// Shows a page saved earlier; one the catalogue does not have shows the welcome page.
    ///
    /// It stops any countdown and closes High Five.
    ///
    /// - Parameter page: What ``savedPage`` held; a negative page shows the welcome page.
    public func restore(savedPage page: Int) {
        storage.write(self) { state in
            state.selectedPage = max(0, page)
            state.countdown = nil
            state.isShowingHighFive = false
        }
    }

    /// Goes from the welcome page to the first exercise.
    ///
    /// - Throws: ``HIITSessionError/noExercises`` when the catalogue is empty or not loaded yet; nothing changes.
    public func getStarted() throws(HIITSessionError) {
        guard !exercises.isEmpty else { throw .noExercises }
        try select(page: 1)
    }

    /// Jumps to `page` (tapping a page dot): 0 is the welcome page. Stops the countdown of the page left.
    ///
    /// It also closes High Five.
    ///
    /// - Parameter page: The page, from 0 (welcome) to the number of exercises.
    /// - Throws: ``HIITSessionError/pageOutOfRange(_:pageCount:)`` for a page outside that range; nothing changes.
    public func select(page: Int) throws(HIITSessionError) {
        let error: HIITSessionError? = storage.write(self) { state in
            guard (0...state.exercises.count).contains(page) else {
                return .pageOutOfRange(page, pageCount: state.exercises.count + 1)
            }
            state.selectedPage = page
            state.countdown = nil
            state.isShowingHighFive = false
            return nil
        }
        if let error { throw error }
    }

    /// Runs the current exercise's countdown, one tick per second of the injected clock, and returns when it
    /// reaches 0 or the calling task is cancelled (which pauses it: the next `start()` resumes). Returns at once
    /// when the countdown has already finished or is running in another call. Leaving the page stops it at
    /// its next tick.
    ///
    /// - Throws: ``HIITSessionError/notOnExercisePage`` on the welcome page or while High Five shows. Cancellation is
    ///   not an error: it pauses the countdown and returns.
    public func start() async throws(HIITSessionError) {
        let begun: Result<Int?, HIITSessionError> = storage.write(self) { state in
            let page = state.currentPage
            guard page > 0, !state.isShowingHighFive else { return .failure(.notOnExercisePage) }
            var countdown =
                state.countdown.flatMap { $0.page == page ? $0 : nil }
                ?? Countdown(page: page, remainingSeconds: state.exercises[page - 1].durationSeconds)
            guard !countdown.isRunning, countdown.remainingSeconds > 0 else { return .success(nil) }
            state.lastRun += 1
            countdown.run = state.lastRun
            countdown.isRunning = true
            state.countdown = countdown
            return .success(state.lastRun)
        }
        guard let run = try begun.get() else { return }
        while true {
            do {
                try await clock.sleep(for: .seconds(1))
            } catch {
                storage.write(self) { state in
                    if state.countdown?.run == run { state.countdown?.isRunning = false }
                }
                return
            }
            let ticking = storage.write(self) { state -> Bool in
                guard var countdown = state.countdown, countdown.run == run, countdown.isRunning else { return false }
                countdown.remainingSeconds -= 1
                countdown.isRunning = countdown.remainingSeconds > 0
                state.countdown = countdown
                return countdown.isRunning
            }
            if !ticking { return }
        }
    }

    /// Finishes the current exercise: records it in the member's history, then shows the next page, or High
    /// Five after the last exercise. Refused with ``HIITSessionError/countdownNotFinished(remainingSeconds:)``
    /// before the countdown reaches 0. When recording fails the error is thrown (and shown by the history
    /// store) and the page stays, so Done can be tapped again.
    ///
    /// - Throws: ``HIITSessionError/notOnExercisePage`` on the welcome page or while High Five shows,
    ///   ``HIITSessionError/countdownNotFinished(remainingSeconds:)`` before the countdown reaches 0, and what
    ///   ``HistoryStore/record(_:)`` throws (``HistoryError/exerciseNotFound(_:)``, ``/FitCore/DatabaseError`` when the
    ///   database refuses the request, ``/FitCore/ConnectionError`` when the backend cannot be reached,
    ///   `CancellationError` when the task is cancelled).
    public func done() async throws {
        let state = state
        let page = state.currentPage
        guard page > 0, !state.isShowingHighFive else { throw HIITSessionError.notOnExercisePage }
        let remaining = state.remainingSeconds ?? 0
        guard remaining == 0 else { throw HIITSessionError.countdownNotFinished(remainingSeconds: remaining) }
        let exercise = state.exercises[page - 1]
        try await history.record(exercise)
        storage.write(self) { state in
            guard state.currentPage == page, !state.isShowingHighFive else { return }
            state.countdown = nil
            if page == state.exercises.count {
                state.isShowingHighFive = true
            } else {
                state.selectedPage = page + 1
            }
        }
    }

    /// Closes High Five and returns to the welcome page.
    public func dismissHighFive() {
        storage.write(self) { state in
            state.isShowingHighFive = false
            state.selectedPage = 0
            state.countdown = nil
        }
    }
}
