import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// Child processes for the crash tests: a helper executable started, watched through its standard output, and killed
/// with SIGKILL at the moment the test chose.
///
/// Started with swift-subprocess, not Foundation's `Process`, whose `run()` on Linux (Swift 6.3.1) copies 256 bytes of
/// each `/proc/self/fd` entry however short it is and now and then crashes the test process.
public enum ChildProcess {
    /// The executable `name` built beside the running test bundle (`swift build --build-tests` builds every
    /// target), or `nil` when it is not there.
    public static func builtBesideTests(_ name: String) -> URL? {
        let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [directory, Bundle.main.bundleURL.deletingLastPathComponent()].map {
            $0.appendingPathComponent(name)
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts `executable` with `arguments`, hands `watch` the read end of its standard output, kills it with
    /// SIGKILL once `watch` returns (unless it had ended already) and waits for it to end.
    ///
    /// `watch` reads on the calling thread, blocking it until the child prints what it waits for or ends (the read
    /// end reports the end of the output once the child is gone).
    /// - Returns: what `watch` returned, the output the child printed after `watch` stopped reading, and everything
    ///   it wrote to standard error.
    public static func runUntilKilled<Watched: Sendable>(
        _ executable: URL, arguments: [String], watch: (FileHandle) throws -> Watched
    ) async throws -> KilledRun<Watched> {
        let output = Pipe()
        let errors = Pipe()
        let watched = try await Subprocess.run(
            .path(FilePath(executable.path)), arguments: Arguments(arguments), input: .none,
            output: .fileDescriptor(
                FileDescriptor(rawValue: output.fileHandleForWriting.fileDescriptor), closeAfterSpawningProcess: false),
            error: .fileDescriptor(
                FileDescriptor(rawValue: errors.fileHandleForWriting.fileDescriptor), closeAfterSpawningProcess: false)
        ) { execution in
            // Only the child writes to the pipes now, so they end when it does.
            try output.fileHandleForWriting.close()
            try errors.fileHandleForWriting.close()
            let watched = try watch(output.fileHandleForReading)
            // A child that has ended and been reaped cannot be signalled (ESRCH): there is nothing left to kill.
            try? execution.send(signal: .kill)
            return watched
        }.closureResult
        return KilledRun(
            watched: watched,
            laterOutput: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            errors: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
