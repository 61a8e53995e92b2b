import Foundation

/// One day of a member's history: the local calendar day (in the member's time zone) and the exercises
/// finished that day, in the order they were done.
public struct ExerciseDay: Sendable, Hashable, Identifiable {
    /// An exercise finished that day.
    public struct Entry: Sendable, Hashable {
        public var exerciseId: UUID
        /// The catalogue name, or "Unknown exercise" when the catalogue no longer has it.
        public var name: String
        public var completedAt: Date

        public init(exerciseId: UUID, name: String, completedAt: Date) {
            self.exerciseId = exerciseId
            self.name = name
            self.completedAt = completedAt
        }
    }

    public var day: CalendarDay
    /// Oldest first.
    public var entries: [Entry]

    public init(day: CalendarDay, entries: [Entry]) {
        self.day = day
        self.entries = entries
    }

    public var id: CalendarDay { day }

    /// The names of the exercises done that day, in order (repeats included).
    public var exerciseNames: [String] { entries.map(\.name) }

    /// Name shown when a completion's exercise is missing from the catalogue.
    public static let unknownExerciseName = "Unknown exercise"

    /// Groups completions by local day in `calendar`'s time zone: days newest first, entries oldest first
    /// (see ``ExerciseCompletion/chronological(_:_:)``).
    public static func group(
        _ completions: [ExerciseCompletion], exercises: [Exercise], calendar: Calendar
    ) -> [ExerciseDay] {
        var names: [UUID: String] = [:]
        for exercise in exercises { names[exercise.id] = exercise.name }
        var byDay: [CalendarDay: [Entry]] = [:]
        for completion in completions.sorted(by: ExerciseCompletion.chronological) {
            let entry = Entry(
                exerciseId: completion.exerciseId, name: names[completion.exerciseId] ?? unknownExerciseName,
                completedAt: completion.completedAt)
            byDay[CalendarDay(containing: completion.completedAt, in: calendar), default: []].append(entry)
        }
        return byDay.keys.sorted(by: >).map { day in
            ExerciseDay(day: day, entries: byDay[day]!)
        }
    }
}
