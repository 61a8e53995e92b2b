/// A section an app adds to the end of fit-demo's tour: a title, numbered after FitKit's sections, and what it does
/// with the run's ``DemoContext``.
public struct DemoTourSection: Sendable {
    /// The section's title, without its number (`Memberships · pausing a plan`).
    public var title: String
    /// Runs the section, writing to the context's output.
    public var run: @Sendable (DemoContext) async throws -> Void

    /// A tour section.
    ///
    /// - Parameters:
    ///   - title: The title, without its number.
    ///   - run: Runs the section with the run's context.
    public init(_ title: String, run: @escaping @Sendable (DemoContext) async throws -> Void) {
        self.title = title
        self.run = run
    }
}
