/// Why a HIIT session action was refused; nothing changed.
public enum HIITSessionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There is no such page (pages run from 0, the welcome page, to the number of exercises).
    case pageOutOfRange(Int, pageCount: Int)
    /// The catalogue is empty or not loaded, so there is no exercise to go to.
    case noExercises
    /// The action needs an exercise page, but the welcome page (or High Five) is showing.
    case notOnExercisePage
    /// Done is allowed only once the countdown has reached 0.
    case countdownNotFinished(remainingSeconds: Int)

    /// A sentence the screen can show, naming the valid pages or the seconds left, e.g. `Keep going: 12 s left before
    /// you can tap Done.`
    public var description: String {
        switch self {
        case .pageOutOfRange(let page, let count): "There is no page \(page); pages run from 0 to \(count - 1)."
        case .noExercises: "There are no exercises to start: load the catalogue first."
        case .notOnExercisePage: "This needs an exercise page."
        case .countdownNotFinished(let seconds): "Keep going: \(seconds) s left before you can tap Done."
        }
    }
}
