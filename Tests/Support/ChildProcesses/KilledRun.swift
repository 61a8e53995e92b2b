/// What ``ChildProcess/runUntilKilled(_:arguments:watch:)`` saw of a child it killed.
public struct KilledRun<Watched: Sendable>: Sendable {
    /// What the watching closure returned.
    public var watched: Watched
    /// The standard output the child printed after the closure stopped reading, until the kill landed.
    public var laterOutput: String
    /// Everything the child wrote to standard error.
    public var errors: String

    /// A run's record.
    public init(watched: Watched, laterOutput: String, errors: String) {
        self.watched = watched
        self.laterOutput = laterOutput
        self.errors = errors
    }
}
