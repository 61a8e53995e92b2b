import Booking
import FitContract
import FitCore
import FitInMemory
import FitOffline
import FitTesting
import Foundation

/// O2: the week timetable (`bookable_sessions` for a week, `TimetableStore`'s query through
/// `BookingQueries.getTimetable`) read from an `OfflineFirstClient`'s replica while its network is cut, against the
/// same read from the in-memory server online; and the online read through the offline client, whose replica takes the
/// answer after it has gone to the caller, with the time until it has. Goals: the online read through the offline
/// client ≤ 1.5× the server's; the offline read ≤ 2× the server's (informational). Each read time is the
/// median of `runs` runs (min–max), each run the mean of as many reads as fill about 20 ms.
enum O2OfflineReadBenchmark {
    static let sessionCount = 1000
    static let runs = 5

    static func run() async throws -> [Figure] {
        let week = try await WeekTimetable(sessionCount: sessionCount)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fit-bench-o2-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let server = week.database.client(as: .member(week.member))
        let network = RequestRig()
        let client = try OfflineFirstClient(
            remote: network.client(server), replicaURL: directory.appendingPathComponent("replica.json"),
            policy: FitKitContract.replicaPolicy,
            clock: TestClock(), now: { week.now })
        let remote = BookingQueries(client: server)
        let device = BookingQueries(client: client)

        let online = try await remote.getTimetable(from: week.now, to: week.end)
        guard online.count == sessionCount else {
            throw BenchmarkError("O2: the server's timetable has \(online.count) sessions, not \(sessionCount)")
        }
        var throughClient: [BookableSession] = []
        var remoteTimes: [Double] = []
        var onlineTimes: [Double] = []
        for _ in 0..<runs {
            remoteTimes.append(
                try await Measure.perCall { _ = try await remote.getTimetable(from: week.now, to: week.end) })
            onlineTimes.append(
                try await Measure.perCall {
                    throughClient = try await device.getTimetable(from: week.now, to: week.end)
                })
        }

        // The replica takes the online answers after they have gone to the caller: the time until it holds them.
        var settleTimes: [Double] = []
        for _ in 0..<runs {
            _ = try await device.getTimetable(from: week.now, to: week.end)
            settleTimes.append(await Measure.time { await client.finishReplicaUpdates() })
        }

        network.disconnect()
        // With the network cut, an answer can only come from the replica; the client says it cannot reach the server.
        _ = try await client.run(
            client.from("bookable_sessions").select().gte("start_time", value: week.now)
                .lt("start_time", value: week.end).order("start_time").order("session_id").query)
        guard await client.isReachable() == false else {
            throw BenchmarkError("O2: the offline read reached the server")
        }
        var offline: [BookableSession] = []
        var offlineTimes: [Double] = []
        for _ in 0..<runs {
            offlineTimes.append(
                try await Measure.perCall { offline = try await device.getTimetable(from: week.now, to: week.end) })
        }
        guard offline.map(\.sessionId) == online.map(\.sessionId),
            throughClient.map(\.sessionId) == online.map(\.sessionId)
        else {
            throw BenchmarkError(
                "O2: the replica gave \(offline.count) sessions, the online client \(throughClient.count), the server \(online.count)"
            )
        }

        let remoteSpread = Spread(remoteTimes)
        let offlineSpread = Spread(offlineTimes)
        let onlineSpread = Spread(onlineTimes)
        let ratio = offlineSpread.median / remoteSpread.median
        let onlineRatio = onlineSpread.median / remoteSpread.median
        return [
            Figure(
                id: "O2",
                text:
                    "O2 week timetable (\(sessionCount) sessions, TimetableStore's query) offline from the replica "
                    + "\(offlineSpread.milliseconds()) vs from the in-memory server online \(remoteSpread.milliseconds()) → "
                    + Measure.ratio(ratio),
                goal: "offline ≤ 2× the server's read", met: ratio <= 2, isInformational: true),
            Figure(
                id: "O2",
                text:
                    "O2 the same read online through the offline client \(onlineSpread.milliseconds()) → "
                    + "\(Measure.ratio(onlineRatio)) the server's read; the replica then holds the answer after a further "
                    + Spread(settleTimes).milliseconds(),
                goal: "online through the offline client ≤ 1.5× the server's read", met: onlineRatio <= 1.5),
        ]
    }
}
