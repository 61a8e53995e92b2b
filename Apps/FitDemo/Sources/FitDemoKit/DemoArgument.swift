import ArgumentParser

/// A value typed on fit-demo's command line, parsed once, while ArgumentParser reads the arguments.
///
/// ArgumentParser only learns that `init?(argument:)` returned `nil`, and would report "The value … is invalid".
/// To keep the demo's own one-line message ("'x' is not a session id (expected a UUID)"), a type that refuses a
/// value leaves its ``DemoError`` with the ``RejectedArguments`` of the parse in progress, which
/// ``FitDemo/run(arguments:environment:extensions:)`` reports instead.
protocol DemoArgument: ExpressibleByArgument {
    /// Parses `text`, or throws the ``DemoError`` that says what was expected.
    init(parsing text: String) throws(DemoError)
}

extension DemoArgument {
    /// ArgumentParser's entry point. `public` because FitKit's own public types (``RGBAColor``,
    /// ``WorkoutExercise``) conform too, and their conformance needs a public witness.
    public init?(argument: String) {
        do {
            try self.init(parsing: argument)
        } catch {
            RejectedArguments.current?.record(error)
            return nil
        }
    }
}
