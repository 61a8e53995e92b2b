#if Postgres
    import FitCore
    import Foundation
    import Testing

    /// A PostgreSQL server of a test's own (`scripts/pg-server.sh`), with the FitKit schema, that the test may
    /// restart or cut off without disturbing the suites sharing `FITKIT_DATABASE_URL`'s server.
    struct PrivatePostgresServer: Sendable {
        /// `postgres://postgres@127.0.0.1:PORT/fitkit`.
        let url: String
        private let directory: String

        private static let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/pg-server.sh").path

        /// Starts a server for the duration of `body` and deletes it afterwards.
        static func with<Result: Sendable>(_ body: (PrivatePostgresServer) async throws -> Result) async throws
            -> Result
        {
            // Under /tmp: when the tests run as root the server runs as `postgres`, which must reach the folder.
            let directory = "/tmp/fitkit-fault-\(UUID().uuidString.prefix(8))"
            let url = try await run(["start", directory]).trimmingCharacters(in: .whitespacesAndNewlines)
            let server = PrivatePostgresServer(url: url, directory: directory)
            do {
                let result = try await body(server)
                _ = try? await run(["stop", directory])
                return result
            } catch {
                _ = try? await run(["stop", directory])
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

        /// Runs `executable` with `arguments` to its end without blocking a thread of the concurrency pool: started
        /// from a thread of its own and awaited through its termination handler. Throws when it exits non-zero.
        static func run(
            _ arguments: [String], executable: String = script, environment: [String: String] = [:]
        ) async throws -> String {
            let files = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-process-\(UUID())")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: files) }
            let outputURL = files.appendingPathComponent("stdout")
            let errorsURL = files.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
            let output = try FileHandle(forWritingTo: outputURL)
            let errors = try FileHandle(forWritingTo: errorsURL)
            defer {
                try? output.close()
                try? errors.close()
            }

            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            // Registered before run(), so a fast exit cannot be missed; waitUntilExit() off the main thread can hang.
            let finished = AsyncStream<Void>.makeStream()
            process.terminationHandler = { _ in finished.continuation.finish() }
            // Started from a thread of its own: Foundation's `Process.run()` can block, and a blocked thread of the
            // concurrency pool (two here) would stall every test in the process.
            try await withCheckedThrowingContinuation { (started: CheckedContinuation<Void, any Error>) in
                Thread.detachNewThread {
                    do {
                        try process.run()
                        started.resume()
                    } catch {
                        started.resume(throwing: error)
                    }
                }
            }
            Self.trace("spawned \(process.processIdentifier) \(arguments.prefix(2))")
            for await _ in finished.stream {}
            Self.trace("finished \(process.processIdentifier)")
            if process.isRunning {
                process.terminate()
                throw CancellationError()
            }
            guard process.terminationStatus == 0 else {
                throw DatabaseError(
                    code: "process",
                    message: "\(arguments.prefix(2).joined(separator: " ")) failed (\(process.terminationStatus)): "
                        + ((try? String(contentsOf: errorsURL, encoding: .utf8)) ?? ""))
            }
            return try String(contentsOf: outputURL, encoding: .utf8)
        }
    }
#endif
