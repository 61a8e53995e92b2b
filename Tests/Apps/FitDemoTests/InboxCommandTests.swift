import FitContract
import FitDemoKit
import FitTesting
import Foundation
import Testing

@Suite("fit-demo inbox")
struct InboxCommandTests {
    @Test func thePromotedMemberReadsHerInboxAfterARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fit-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("studio.json").path

        let tour = await DemoHarness.run("--data-file", path)
        #expect(tour.status == 0)
        #expect(tour.output.contains("Notification for Maya Thompson: You're in: a spot opened and you're booked."))
        #expect(tour.output.contains("Inbox of Maya Thompson · 2 unread"))
        // Then the studio cancels Reformer Pilates, which she booked: two more.
        #expect(tour.output.contains("Inbox of Maya Thompson · 4 unread"))

        // A new run of the demo: a new database opened from the file, new stores.
        let restarted = await DemoHarness.run("inbox", "--data-file", path)
        #expect(restarted.status == 0 && restarted.errors.isEmpty)
        // The demo's clock stands still, so the tour's two notifications share a time (their order is by id).
        let lines = restarted.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Inbox of Maya Thompson · 4 unread")
        #expect(
            Set(lines.dropFirst()) == [
                "  • Thu 4 Jun, 7:00 PM · You're in: a spot opened and you're booked.",
                "  • Thu 4 Jun, 7:00 PM · 2 credits refunded.",
                "  • Thu 4 Jun, 7:00 PM · The studio cancelled the class.",
                "  • Thu 4 Jun, 7:00 PM · 3 credits refunded.",
                "    Wed 3 Jun, 7:00 PM · The studio cancelled the class.",
            ])

        let read = await DemoHarness.run("inbox", "read", "--data-file", path)
        #expect(read.output.hasPrefix("Inbox of Maya Thompson · 0 unread"))
        let json = await DemoHarness.run("inbox", "--json", "--data-file", path)
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(report?["unread"] as? Int == 0)
        let kinds = (report?["notifications"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds?.sorted() == ["class_cancelled", "class_cancelled", "promoted", "refund", "refund"])
    }
}
