/// A page of the HIIT workout: the welcome page, then one per exercise.
public enum HIITPage: Sendable, Hashable {
    /// Page 0: the welcome page with Get Started; it has no exercise and no countdown.
    case welcome
    /// The page of one catalogue exercise, with its video and countdown; page `n` holds the n-th exercise in position
    /// order.
    case exercise(Exercise)

    /// The exercise on this page, if any.
    public var exercise: Exercise? {
        if case .exercise(let exercise) = self { return exercise }
        return nil
    }
}
