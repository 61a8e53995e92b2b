import ArgumentParser
import FitCore
import Foundation
import Members

/// Runs fit-demo in-process: parses the arguments, opens the backend, runs the command and reports any
/// error as one line on the error output. Returns the exit status (0 on success).
public enum FitDemo {
    /// `fit-demo ARGUMENTS…` with the given environment; the executable passes `.live()`.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the executable's name.
    ///   - environment: Where output goes, the time, the clock and the locale.
    ///   - extensions: What an app adds: its features, subcommands and tour sections; none by default.
    /// - Returns: The exit status: 0 on success.
    public static func run(
        arguments: [String], environment: DemoEnvironment, extensions: [DemoExtension] = []
    ) async -> Int32 {
        await DemoExtension.$installed.withValue(extensions) {
            await run(arguments: arguments, in: environment)
        }
    }

    private static func run(arguments: [String], in environment: DemoEnvironment) async -> Int32 {
        do {
            let parsed = try parse(arguments)
            guard let command = parsed as? any DemoCommand else {
                // `help` and `--help` parse into ArgumentParser's help command, which ends with a clean exit.
                var other = parsed
                try other.run()
                return 0
            }
            return await execute(command, environment: environment)
        } catch {
            return report(error, environment: environment)
        }
    }

    /// ArgumentParser's parse and validation; a value one of the demo's argument types refused is thrown as the
    /// ``DemoError`` the type gave (see ``DemoArgument``).
    private static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        let rejected = RejectedArguments()
        do {
            return try RejectedArguments.$current.withValue(rejected) { try FitDemoCommand.parseAsRoot(arguments) }
        } catch {
            throw rejected.first ?? error
        }
    }

    /// Reports a parsing error as one line and returns the exit status: a refused value or a ``DemoError``
    /// thrown by a command's `validate()` as it is, with status 1; ArgumentParser's own usage errors
    /// (status 64) pointing to `--help`.
    private static func report(_ error: any Error, environment: DemoEnvironment) -> Int32 {
        if let error = error as? DemoError {
            environment.errorOutput.line("error: \(error)")
            return 1
        }
        let status = FitDemoCommand.exitCode(for: error)
        if status == .success {
            environment.output.line(FitDemoCommand.fullMessage(for: error))
            return 0
        }
        let message =
            FitDemoCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        let hint = status == .validationFailure ? " (see `fit-demo --help`)" : ""
        environment.errorOutput.line("error: \(message)\(hint)")
        return status.rawValue
    }

    /// Runs one parsed command; errors become one line on the error output and status 1.
    static func execute(_ command: some DemoCommand, environment: DemoEnvironment) async -> Int32 {
        var environment = environment
        if let locale = command.options.locale { environment.locale = locale.locale }
        // FitKit's text follows the demo's locale, not the machine's: the output is the same everywhere.
        return await FitLocalization.$locale.withValue(environment.locale) {
            await execute(command, in: environment)
        }
    }

    private static func execute(_ command: some DemoCommand, in environment: DemoEnvironment) async -> Int32 {
        do {
            let options = command.options
            try await DemoBackend.withServiceClient(options: options, environment: environment) { backend in
                let device = try DemoBackend.offlineDevice(over: backend, options: options, environment: environment)
                let service = device?.client ?? backend
                let member: Member
                do {
                    member = try await DemoContext.resolveMember(options.member, using: service)
                } catch DemoError.noSignedInMember where device != nil {
                    // An empty replica answered because the server could not be reached: ask the server itself, so
                    // the error is the connection's, as without the replica.
                    member = try await DemoContext.resolveMember(options.member, using: backend)
                }
                let context = DemoContext(
                    environment: environment, service: service, member: member, json: options.json, offline: device)
                try await command.run(in: context)
            }
            return 0
        } catch {
            environment.errorOutput.line("error: \(ErrorMessage.text(for: error))")
            return 1
        }
    }
}
