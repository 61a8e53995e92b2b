import FitCore
import FitStores
import Foundation
import History

extension DemoContext {
    /// The tour's live section: a second window follows the member's ratings; a rating saved in the first shows
    /// up in the second without a reload (or, on a backend without a change feed, says so).
    func showTwoWindowsConverging(exercise: Exercise) async throws {
        let first = try await loadRatings()
        let second = try await loadRatings()
        output.line("Window 2 follows the ratings; window 1 rates \(exercise.name).")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await second.follow() }
            let before = second.rating(for: exercise.id).value
            let value = before == 2 ? 3 : 2
            try await first.rate(value, exerciseId: exercise.id)
            await waitUntil { second.rating(for: exercise.id).value == value || second.error != nil }
            if let error = second.error {
                output.line("  Window 2 cannot follow here: \(ErrorMessage.text(for: error))")
            } else {
                output.line(
                    "  Window 1: \(exercise.name) \(first.rating(for: exercise.id).label) · Window 2, without a reload: "
                        + "\(exercise.name) \(second.rating(for: exercise.id).label)")
            }
            group.cancelAll()
        }
    }
}
