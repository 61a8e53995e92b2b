#if Postgres
    import FitKitTestSupport
    import Foundation
    import Testing

    /// `scripts/pg-server.sh`, which the fault suite starts its servers with.
    @Suite("A private PostgreSQL server", PostgresTestEnvironment.enabled, .timeLimit(.minutes(10)))
    struct PrivatePostgresServerTests {
        /// The started server must hold no descriptor of its caller's: Foundation's `Process`, for one, reports a child's exit
        /// only once every copy of the child's end of its socket is closed, and a test process with many connections
        /// open hands that end over with a number in the thousands. The script used to close only those below 255, so
        /// a full-suite run's fault test waited out its time limit for a start that had taken a second.
        @Test("the server a start script launches holds none of the caller's descriptors, whatever their number")
        func serverHoldsNoCallerDescriptor() async throws {
            let directory = "/tmp/fitkit-fds-\(UUID().uuidString.prefix(8))"
            let script = RepositoryFiles.root.appendingPathComponent("scripts/pg-server.sh").path
            // Descriptors 300 and 3000 open in the script's caller, as a busy test process's would be.
            _ = try await PrivatePostgresServer.run(
                ["-c", "exec 300</dev/null 3000</dev/null; exec \"$0\" start \"$1\"", script, directory],
                executable: "/bin/bash")
            let pidFile = try String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8)
            let serverPID = try #require(pidFile.split(separator: "\n").first.map(String.init))
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(serverPID)/fd")
                .compactMap(Int.init)
            _ = try? await PrivatePostgresServer.run(["stop", directory])
            #expect(descriptors.contains(2))
            #expect(!descriptors.contains(300))
            #expect(!descriptors.contains(3000))
        }
    }
#endif
