/// A page of the HIIT workout: the welcome page, then one per exercise.
public enum HIITPage: Sendable, Hashable {
    case welcome
    case exercise(Exercise)

    /// The exercise on this page, if any.
    public var exercise: Exercise? {
        if case .exercise(let exercise) = self { return exercise }
        return nil
    }
}
