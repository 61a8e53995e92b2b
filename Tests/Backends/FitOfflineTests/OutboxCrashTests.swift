import ChildProcesses
import Events
import FitContract
import FitCore
import FitInMemory
import FitOffline
import FitTesting
import Foundation
import History
import Testing

/// A device replaying its outbox (`fit-outbox-replayer`, a child process with the server's and the replica's files)
/// killed with SIGKILL at random moments: the next start loads both files, replays what is left, and the server ends
/// with every queued change exactly once. `FITKIT_OUTBOX_KILLS` sets the number of kills (30 by default).
@Suite(.timeLimit(.minutes(20))) struct OutboxCrashTests {
    /// `fit-outbox-replayer`, built beside the test bundle (`swift build --build-tests` builds every target).
    static var replayer: URL? { ChildProcess.builtBesideTests("fit-outbox-replayer") }

    /// Reads `handle` until the line `target`; `false` when the process ended first.
    static func read(until target: String, from handle: FileHandle) -> Bool {
        var buffer = ""
        while true {
            let data = handle.availableData
            if data.isEmpty { return false }
            buffer += String(decoding: data, as: UTF8.self)
            if buffer.split(separator: "\n").contains(where: { $0 == target }) { return true }
        }
    }

    @Test func aReplayKilledAtRandomMomentsResumesWithNoLossAndNoDuplicate() async throws {
        let replayer = try #require(Self.replayer, "fit-outbox-replayer is not built beside the tests")
        let rounds = Int(ProcessInfo.processInfo.environment["FITKIT_OUTBOX_KILLS"] ?? "") ?? 30
        var state: UInt64 = 0x0FF1_1E
        var killedAfterAnswer = 0
        var resumedRequests: [Int] = []
        for round in 0..<rounds {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let serverURL = directory.appendingPathComponent("server.json")
            let replicaURL = directory.appendingPathComponent("replica.json")

            // Queue 45 changes offline: 20 events and 20 completions, alternating, then 5 edits.
            let clock = TestClock()
            let fixture = try await FitFixture.make(clock: clock, persistingTo: serverURL)
            let network = RequestRig()
            network.disconnect()
            let device = try OfflineFirstClient(
                remote: network.client(fixture.client(as: fixture.alice)), replicaURL: replicaURL,
                policy: FitKitContract.replicaPolicy, clock: clock,
                now: { clock.date })
            let exercises: [Exercise] = try await fixture.service.from("exercises").select().execute().value
            let events = EventsQueries(client: device)
            let history = HistoryQueries(client: device)
            var expectedTitles: [UUID: String] = [:]
            var created: [Event] = []
            for index in 0..<20 {
                let event = try await events.createEvent(
                    Event(title: "Event \(index)", date: clock.date.addingTimeInterval(Double(index) * 3600)))
                created.append(event)
                expectedTitles[event.id] = event.title
                _ = try await history.createCompletion(
                    exerciseId: exercises[index % exercises.count].id, completedAt: clock.date)
            }
            for index in stride(from: 0, to: 20, by: 4) {
                var edited = created[index]
                edited.title = "Edited \(index)"
                _ = try await events.updateEvent(edited)
                expectedTitles[edited.id] = edited.title
            }
            let expectedCompletions = Set(try await history.getCompletions().map(\.id))
            #expect(expectedCompletions.count == 20)
            #expect(device.pendingChangeCount() == 45)

            // Replay in a child process and kill it at a random request or answer.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let request = 1 + Int((state >> 33) % 45)
            let afterAnswer = state >> 63 == 1
            let target = afterAnswer ? "answer \(request)" : "request \(request)"
            let run = try await ChildProcess.runUntilKilled(
                replayer, arguments: [serverURL.path, replicaURL.path, fixture.alice.id.uuidString]
            ) { output in
                Self.read(until: target, from: output)
            }
            #expect(run.watched, "round \(round): the replayer ended before request \(request): \(run.errors)")
            if afterAnswer { killedAfterAnswer += 1 }

            // The next start: both files load, the rest replays, everything is there once.
            let server = try InMemoryDatabase.embedded(now: { clock.date }, persistingTo: serverURL)
            let resumed = try OfflineFirstClient(
                remote: server.client(as: .member(fixture.alice.id)), replicaURL: replicaURL,
                policy: FitKitContract.replicaPolicy, clock: clock,
                now: { clock.date })
            let report = await resumed.sync()
            resumedRequests.append(report.requests)
            #expect(report.pending == 0, "round \(round): \(report.stoppedBecause ?? "")")
            #expect(report.rejected.isEmpty, "round \(round)")
            let service = server.client(as: .service)
            let storedEvents: [Event] = try await service.from("events").select()
                .eq("member_id", value: fixture.alice.id).execute().value
            #expect(storedEvents.count == 20, "round \(round): no event lost or doubled")
            #expect(
                Dictionary(uniqueKeysWithValues: storedEvents.map { ($0.id, $0.title) }) == expectedTitles,
                "round \(round): every edit landed")
            let storedCompletions: [ExerciseCompletion] = try await service.from("exercise_history").select()
                .eq("member_id", value: fixture.alice.id).execute().value
            #expect(storedCompletions.count == 20, "round \(round): no completion lost or doubled")
            #expect(Set(storedCompletions.map(\.id)) == expectedCompletions, "round \(round)")
            // Beside the two databases, only the write-ahead logs of the ones open here.
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                .filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            #expect(left == ["replica.json", "server.json"], "round \(round): no leftover temporary file")
        }
        print(
            "outbox crash-resume: \(rounds) kills (\(killedAfterAnswer) after the server answered, \(rounds - killedAfterAnswer) before); requests to finish after a kill: min \(resumedRequests.min() ?? 0), max \(resumedRequests.max() ?? 0)"
        )
    }
}
