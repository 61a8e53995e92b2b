import FitCore
import Foundation

/// One day of a member's history: the local calendar day (in the member's time zone) and the exercises
/// finished that day, in the order they were done.
public struct ExerciseDay: Sendable, Hashable, Identifiable {
    /// An exercise finished that day.
    public struct Entry: Sendable, Hashable {
        /// The exercise finished (an ``Exercise/id``).
        public var exerciseId: UUID
        /// The catalogue name, or "Unknown exercise" when the catalogue no longer has it.
        public var name: String
        /// When it was finished.
        public var completedAt: Date

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - exerciseId: The exercise finished.
        ///   - name: Its catalogue name, or ``ExerciseDay/unknownExerciseName``.
        ///   - completedAt: When it was finished.
        public init(exerciseId: UUID, name: String, completedAt: Date) {
            self.exerciseId = exerciseId
            self.name = name
            self.completedAt = completedAt
        }
    }

    /// The day, in the member's time zone.
    public var day: CalendarDay
    /// Oldest first.
    public var entries: [Entry]

    /// Creates a day of history.
    ///
    /// - Parameters:
    ///   - day: The local calendar day.
    ///   - entries: The exercises finished that day, oldest first.
    public init(day: CalendarDay, entries: [Entry]) {
        self.day = day
        self.entries = entries
    }

    /// The day itself: a member's history has at most one ``ExerciseDay`` per day.
    public var id: CalendarDay { day }

    /// The names of the exercises done that day, in order (repeats included).
    public var exerciseNames: [String] { entries.map(\.name) }

    /// Name shown when a completion's exercise is missing from the catalogue, in ``/FitCore/FitLocalization/locale``'s
    /// language.
    public static var unknownExerciseName: String { localized("Unknown exercise") }

    /// Groups completions by local day in `calendar`'s time zone: days newest first, entries oldest first
    /// (see ``ExerciseCompletion/chronological(_:_:)``).
    ///
    /// - Parameters:
    ///   - completions: The member's completions, in any order.
    ///   - exercises: The catalogue, for the names; a completion of an exercise not in it is named
    ///     ``unknownExerciseName``.
    ///   - calendar: The calendar (and time zone) that decides which day a completion falls on.
    /// - Returns: One ``ExerciseDay`` per day with at least one completion; days with none are left out.
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
