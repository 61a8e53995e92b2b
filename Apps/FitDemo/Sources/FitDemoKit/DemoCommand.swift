import ArgumentParser

/// A fit-demo command: it checks its arguments before any database is opened, then runs with a
/// ``DemoContext`` (backend, member, output). ``FitDemo/run(arguments:environment:)`` drives it.
protocol DemoCommand: AsyncParsableCommand {
    /// The global options (`--member`, `--json`, `--data-file`, `--database-url`).
    var options: GlobalOptions { get }
    /// Throws a ``DemoError`` for a malformed argument; nothing has been opened or stored yet.
    func checkArguments() throws
    /// Does the command's work, writing to the context's output.
    func run(in context: DemoContext) async throws
}

extension DemoCommand {
    func checkArguments() throws {}

    /// Lets ArgumentParser's own `main()` run the command too, in the terminal.
    mutating func run() async throws {
        let status = await FitDemo.execute(self, environment: .live())
        if status != 0 { throw ExitCode(status) }
    }
}
