import ArgumentParser

/// A fit-demo command: ArgumentParser parses and validates its arguments before any database is opened, then it
/// runs with a ``DemoContext`` (backend, member, output). ``FitDemo/run(arguments:environment:extensions:)`` drives
/// it.
///
/// A subcommand reaches the global options through `fit-demo` itself: it declares
/// `@ParentCommand var root: FitDemoCommand`. An app's subcommand does the same and is registered with a
/// ``DemoExtension``.
public protocol DemoCommand: AsyncParsableCommand {
    /// `fit-demo`, which holds the global options.
    var root: FitDemoCommand { get }
    /// Does the command's work, writing to the context's output.
    ///
    /// - Parameter context: The run's backend, member and output.
    /// - Throws: What the work throws; fit-demo prints it as one line and exits with status 1.
    func run(in context: DemoContext) async throws
}

extension DemoCommand {
    /// The global options (`--member`, `--json`, `--data-file`, `--database-url`, `--migrations`).
    var options: GlobalOptions { root.options }

    /// Lets ArgumentParser's own `main()` run the command too, in the terminal.
    ///
    /// - Throws: `ExitCode` with the command's status when it failed.
    public mutating func run() async throws {
        let status = await FitDemo.execute(self, environment: .live())
        if status != 0 { throw ExitCode(status) }
    }
}
