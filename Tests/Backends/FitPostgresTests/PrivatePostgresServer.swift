#if Postgres
    import FitCore
    import FitKitTestSupport
    import Foundation
    import Subprocess
    import Testing

    #if canImport(System)
        import System
    #else
        import SystemPackage
    #endif

    /// A PostgreSQL server of a test's own (`scripts/pg-server.sh`), with the FitKit schema, that the test may
    /// restart or cut off without disturbing the suites sharing `FITKIT_DATABASE_URL`'s server.
    struct PrivatePostgresServer: Sendable {
        /// `postgres://postgres@127.0.0.1:PORT/fitkit`.
        let url: String
        private let directory: String

        private static let script = RepositoryFiles.root.appendingPathComponent("scripts/pg-server.sh").path

        /// Starts a server for the duration of `body` and deletes it afterwards.
        static func with<Result: Sendable>(_ body: (PrivatePostgresServer) async throws -> Result) async throws
            -> Result
        {
            // Under /tmp: when the tests run as root the server runs as `postgres`, which must reach the folder.
            let directory = "/tmp/fitkit-fault-\(UUID().uuidString.prefix(8))"
            let url = try await run(["start", directory]).trimmingCharacters(in: .whitespacesAndNewlines)
            let server = PrivatePostgresServer(url: url, directory: directory)
            // Stopped on a task of its own, which a cancelled test (a time limit) does not cancel; should even that not
            // run, the server stops when this process ends (pg-server.sh watches it).
            let stop = { await Task { _ = try? await run(["stop", directory]) }.value }
            do {
                let result = try await body(server)
                await stop()
                return result
            } catch {
                await stop()
                throw error
            }
        }

        /// `pg_ctl restart -m fast`: the server terminates every session and comes back on the same port; returns
        /// once it accepts connections again.
        func restart() async throws {
            _ = try await Self.run(["restart", directory])
        }

        /// Runs `sql` as the superuser with `psql` (no statement timeout) and returns its unaligned output.
        func psql(_ sql: String) async throws -> String {
            try await Self.run(
                ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
                executable: "/usr/bin/env", environment: ["PGOPTIONS": "-c statement_timeout=0"]
            ).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Runs a process to its end without blocking a thread, returning its standard output; throws with its
        /// standard error when it fails.
        ///
        /// The output goes to files, not pipes: the server the script starts inherits the process's descriptors,
        /// so a pipe would not reach its end while the server runs.
        /// Appends a timestamped line to the file `FITKIT_TRACE` names, if any: where a fault run got to.
        static func trace(_ line: String) {
            guard let path = ProcessInfo.processInfo.environment["FITKIT_TRACE"] else { return }
            let handle =
                FileHandle(forWritingAtPath: path)
                ?? {
                    _ = FileManager.default.createFile(atPath: path, contents: nil)
                    return FileHandle(forWritingAtPath: path)!
                }()
            handle.seekToEndOfFile()
            handle.write(Data("\(Date()) \(line)\n".utf8))
            try? handle.close()
        }

        /// Runs `executable` with `arguments` to its end and returns its standard output; throws when it exits
        /// non-zero. Its output and errors go to files, not pipes: a server the script starts in the background
        /// would hold a pipe open, and reading it to its end would wait for the server.
        static func run(
            _ arguments: [String], executable: String = script, environment: [String: String] = [:]
        ) async throws -> String {
            let files = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-process-\(UUID())")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: files) }
            let outputPath = FilePath(files.appendingPathComponent("stdout").path)
            let errorsPath = FilePath(files.appendingPathComponent("stderr").path)
            let output = try FileDescriptor.open(
                outputPath, .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite)
            let errors = try FileDescriptor.open(
                errorsPath, .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite)
            var overrides: [Environment.Key: String?] = [:]
            for (name, value) in environment { overrides[Environment.Key(stringLiteral: name)] = value }
            let result = try await Subprocess.run(
                .path(FilePath(executable)), arguments: Arguments(arguments), environment: .inherit.updating(overrides),
                input: .none,
                output: .fileDescriptor(output, closeAfterSpawningProcess: true),
                error: .fileDescriptor(errors, closeAfterSpawningProcess: true))
            Self.trace("finished \(result.processIdentifier) \(arguments.prefix(2)): \(result.terminationStatus)")
            guard result.terminationStatus.isSuccess else {
                throw DatabaseError(
                    code: "process",
                    message: "\(arguments.prefix(2).joined(separator: " ")) failed (\(result.terminationStatus)): "
                        + ((try? String(contentsOfFile: errorsPath.string, encoding: .utf8)) ?? ""))
            }
            return try String(contentsOfFile: outputPath.string, encoding: .utf8)
        }
    }
#endif
