import History

/// A rating typed on the command line: a whole number in ``ExerciseRating/range`` (1 to 5).
struct RatingArgument: DemoArgument, Sendable {
    /// 1 through 5.
    let value: Int

    init(parsing text: String) throws(DemoError) {
        guard let value = Int(text), ExerciseRating.range.contains(value) else { throw .badRating(text) }
        self.value = value
    }
}
