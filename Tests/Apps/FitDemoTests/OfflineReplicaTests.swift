import FitDemoKit
import Foundation
import Testing

@testable import FitInMemory

/// `fit-demo --offline-replica PATH`: the demo through FitOffline's offline-first client, its replica in a file, and
/// the tour's offline section. Time moves only on the device's clock, which the tour moves itself.
@Suite("--offline-replica", .timeLimit(.minutes(10)))
struct OfflineReplicaTests {
    /// The offline section's lines at the harness's "now" (Thu 4 Jun, 7:00 PM in London), as Maya.
    static let offlineSection = [
        "13. Offline · the network cut, the replica in replica.json",
        "──────────────────────────────────────────────────────────",
        "Online at 7:00 PM: the next 2 days' 16 classes are in the replica (online).",
        "The network is cut. 25 minutes later, at 7:25 PM, on the train:",
        "Timetable · offline · updated 25 minutes ago",
        "Thu 4 Jun",
        "   5:00 PM New York  Express HIIT         Brooklyn Loft      30 min   1.50 cr  12 spots",
        "   6:30 PM New York  Row & Ride           Brooklyn Loft      45 min   2.50 cr  12 spots",
        "Fri 5 Jun",
        "   1:00 AM London    Spin                 Shoreditch Studio  45 min   3.00 cr  10 spots",
        "   7:00 AM London    Power Yoga           Shoreditch Studio  45 min   2.00 cr  14 spots",
        "   6:30 AM New York  Sunrise Yoga         Brooklyn Loft      60 min   2.00 cr  1 spot left",
        "   7:30 AM New York  Core Blast           Brooklyn Loft      45 min   2.00 cr  12 spots",
        "  12:30 PM London    Vinyasa Flow         Shoreditch Studio  60 min   2.00 cr  15 spots     ✓ booked",
        "   6:00 PM London    Kettlebell Club      Shoreditch Studio  45 min   2.50 cr  16 spots",
        "   7:00 PM London    Boxing               Shoreditch Studio  45 min   2.00 cr  cancelled",
        "   7:30 PM London    Hot Yoga             Shoreditch Studio  60 min   2.00 cr  full         ✓ booked",
        "   6:30 PM New York  Dance Cardio         Brooklyn Loft      45 min   2.50 cr  14 spots",
        "Sat 6 Jun",
        "   1:00 AM London    Private Session      Shoreditch Studio  45 min   2.00 cr  full",
        "   7:00 AM London    Pilates Mat          Shoreditch Studio  45 min   2.00 cr  16 spots",
        "   7:30 AM New York  Restore              Brooklyn Loft      45 min   2.00 cr  14 spots",
        "   6:00 PM London    Strength 45          Shoreditch Studio  45 min   2.50 cr  12 spots",
        "   6:30 PM London    Reformer Pilates     Shoreditch Studio  50 min   3.00 cr  7 spots      ✓ booked",
        "Added “Rest day” on Sun 7 Jun · 6 events on the device (offline · updated 25 minutes ago)",
        "Logged “Hotel Gym” · 2 exercises · 3 sets · 39 reps · 480 kg (offline · updated 25 minutes ago)",
        "Rated Step Up 3 of 5 (offline · updated 25 minutes ago)",
        "Booking Sunrise Yoga fails at once: OfflineError.requiresServer · book_session needs the server, which "
            + "cannot be reached; nothing was queued (The server could not be reached (the simulated network is "
            + "down).)",
        "Outbox: 3 changes waiting for the server",
        "Back online · sync(): accepted 3, refused 0, pending 0 · 3 requests",
        "Read back from the server:",
        "  Event   “Rest day” on Sun 7 Jun",
        "  Workout “Hotel Gym” · 2 exercises · 3 sets · 39 reps · 480 kg",
        "  Rating  Step Up 3 of 5",
        "Timetable · online",
    ]

    @Test func theTourWorksOfflineSyncsAndTheNextRunReopensTheReplica() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let replica = directory.appendingPathComponent("replica.json")

        let first = await DemoHarness.run("--offline-replica", replica.path)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.errors.isEmpty)
        let (section, rest) = Self.splitOfflineSection(first.output)
        #expect(section == Self.offlineSection)
        #expect(rest.contains("Done. Maya Thompson ends with 14.50 credits."))

        // Everything else is what the tour prints without the option (ids aside: bookings and events get new ones).
        let plain = await DemoHarness.run()
        #expect(Self.maskingIDs(rest) == Self.maskingIDs(plain.output.split(separator: "\n").map(String.init)))

        // The replica was saved, with nothing left in the outbox and the event the sync sent.
        let saved = try Self.replicaTables(at: replica)
        #expect(saved["fitkit_outbox", default: []].isEmpty)
        #expect(saved["events"]?.filter { $0["title"] as? String == "Rest day" }.count == 1)

        // A second run, on a fresh in-memory server, opens the same file and goes through the same section. The
        // first run's rows that this server does not have are dropped from the replica as it syncs.
        let second = await DemoHarness.run("--offline-replica", replica.path)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.errors.isEmpty)
        #expect(Self.splitOfflineSection(second.output).section == Self.offlineSection)
        let reopened = try Self.replicaTables(at: replica)
        #expect(reopened["fitkit_outbox", default: []].isEmpty)
        #expect(reopened["events"]?.filter { $0["title"] as? String == "Rest day" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: PersistenceFile.buildingURL(for: replica).path))
    }

    @Test func aSubcommandPrintsWhatItPrintsWithoutTheReplica() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let replica = directory.appendingPathComponent("replica.json").path
        let offline = await DemoHarness.run("credits", "--offline-replica", replica)
        let plain = await DemoHarness.run("credits")
        #expect(offline.status == 0, "\(offline.errors)")
        #expect(offline.output == plain.output)
        #expect(offline.output.hasPrefix("Maya Thompson: balance 18.00 credits"))
        #expect(FileManager.default.fileExists(atPath: replica))
    }

    @Test func aCorruptReplicaIsOneLineAndIsLeftAsItWas() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let replica = directory.appendingPathComponent("replica.json")
        try Data("{ not json".utf8).write(to: replica)
        let run = await DemoHarness.run("--offline-replica", replica.path)
        #expect(run.status == 1)
        #expect(
            run.errorLines == [
                "error: The database file \(replica.path) is corrupt and was left untouched: the file is not valid "
                    + "JSON (truncated or damaged)"
            ])
        #expect(try String(contentsOf: replica, encoding: .utf8) == "{ not json")
    }

    @Test func aReplicaInAMissingFolderIsRefused() async {
        let path = "/nonexistent-\(UUID().uuidString)/replica.json"
        let run = await DemoHarness.run("timetable", "--offline-replica", path)
        #expect(run.status == 1)
        #expect(run.errorLines == ["error: --offline-replica needs a file in an existing folder, not '\(path)'"])
    }

    // MARK: Helpers

    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fit-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The offline section's lines (its heading to the blank line before the next heading or "Done."), and the output
    /// without them.
    private static func splitOfflineSection(_ output: String) -> (section: [String], rest: [String]) {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("13. Offline") }),
            let done = lines[(start + 1)...].firstIndex(where: {
                $0.hasPrefix("Done.") || $0.firstMatch(of: #/^\d+\. /#) != nil
            }), start > 0
        else { return ([], lines.filter { !$0.isEmpty }) }
        // The heading's blank line before it, the section, and the blank line before "Done." stay in `rest`.
        let rest = Array(lines[..<(start - 1)]) + Array(lines[(done - 1)...])
        return (Array(lines[start..<(done - 1)]), rest.filter { !$0.isEmpty })
    }

    /// The lines with ids as `<id>` and sections unnumbered (the sections after the offline one move up by one
    /// without it).
    private static func maskingIDs(_ lines: [String]) -> [String] {
        lines.filter { !$0.isEmpty }.map {
            $0.replacingOccurrences(
                of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "<id>",
                options: .regularExpression
            ).replacingOccurrences(of: "^[0-9]+\\. ", with: "#. ", options: .regularExpression)
        }
    }

    /// The replica file's tables (name → rows), read as plain JSON.
    /// The rows of each table in the replica's file (a table without rows is absent).
    private static func replicaTables(at url: URL) throws -> [String: [[String: Any]]] {
        try PersistenceFile(url: url).storedRows.mapValues { rows in
            rows.compactMap { try? JSONSerialization.jsonObject(with: Data($0.json.utf8)) as? [String: Any] }
        }
    }
}
