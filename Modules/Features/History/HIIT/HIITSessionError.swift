import FitCore
import Foundation

/// Why a HIIT session action was refused; nothing changed.
public enum HIITSessionError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// There is no such page (pages run from 0, the welcome page, to the number of exercises).
    case pageOutOfRange(Int, pageCount: Int)
    /// The catalogue is empty or not loaded, so there is no exercise to go to.
    case noExercises
    /// The action needs an exercise page, but the welcome page (or High Five) is showing.
    case notOnExercisePage
    /// Done is allowed only once the countdown has reached 0.
    case countdownNotFinished(remainingSeconds: Int)

    /// A sentence the screen can show, naming the valid pages or the seconds left, e.g. `Keep going: 12 s left before
    /// you can tap Done.`, in English.
    public var description: String { sentence(locale: FitLocalization.sourceLocale) }

    /// ``description`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { sentence(locale: FitLocalization.locale) }

    private func sentence(locale: Locale) -> String {
        switch self {
        case .pageOutOfRange(let page, let count):
            localized(
                "There is no page %1$lld; pages run from 0 to %2$lld.", .integer(page), .integer(count - 1),
                locale: locale)
        case .noExercises: localized("There are no exercises to start: load the catalogue first.", locale: locale)
        case .notOnExercisePage: localized("This needs an exercise page.", locale: locale)
        case .countdownNotFinished(let seconds):
            localized("Keep going: %lld s left before you can tap Done.", .integer(seconds), locale: locale)
        }
    }
}
