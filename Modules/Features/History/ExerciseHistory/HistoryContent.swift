import Foundation

/// What the history screen has loaded: the catalogue, the member's completions and the days they form.
public struct HistoryContent: Sendable, Hashable {
    /// The catalogue, in the order it was loaded (page order), plus any exercise recorded since that it did not have.
    public private(set) var exercises: [Exercise]
    /// Oldest first.
    public private(set) var completions: [ExerciseCompletion]
    /// Newest day first, grouped in the calendar the content was built with.
    public private(set) var days: [ExerciseDay]
    private let calendar: Calendar

    /// Groups `completions` into days of `calendar` (its time zone is the member's).
    ///
    /// - Parameters:
    ///   - exercises: The catalogue, which names the entries.
    ///   - completions: The member's completions, in any order; they are kept oldest first.
    ///   - calendar: The calendar in the member's time zone that decides the days.
    public init(exercises: [Exercise], completions: [ExerciseCompletion], calendar: Calendar) {
        self.exercises = exercises
        self.completions = completions.sorted(by: ExerciseCompletion.chronological)
        self.calendar = calendar
        self.days = ExerciseDay.group(self.completions, exercises: exercises, calendar: calendar)
    }

    /// The content with one more completion.
    func adding(_ completion: ExerciseCompletion, of exercise: Exercise) -> HistoryContent {
        var catalogue = exercises
        if !catalogue.contains(where: { $0.id == exercise.id }) { catalogue.append(exercise) }
        return HistoryContent(exercises: catalogue, completions: completions + [completion], calendar: calendar)
    }
}
