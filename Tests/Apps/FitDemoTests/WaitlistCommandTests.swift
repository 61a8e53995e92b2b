import FitContract
import FitDemoKit
import FitTesting
import Foundation
import Testing

@Suite("The waitlist command")
struct WaitlistCommandTests {
    @Test func showsAFullClassAndOffersToJoin() async throws {
        let run = await DemoHarness.run("waitlist", "show", DemoHarness.id(FitKitSeed.fixed.hotYoga))
        #expect(run.status == 0)
        #expect(run.output == "Hot Yoga · Full\n  The list closes Fri 5 Jun, 6:30 PM.\n  Action: Join waitlist\n")
    }

    @Test func joiningShowsThePlaceAndAsJSONTheLine() async throws {
        let run = await DemoHarness.run("waitlist", "join", DemoHarness.id(FitKitSeed.fixed.hotYoga), "--json")
        #expect(run.status == 0, "\(run.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(report["place"] as? Int == 1 && report["waiting"] as? Int == 1)
        #expect(report["label"] as? String == "Full · 1 waiting" && report["action"] as? String == "Leave waitlist")
    }

    @Test func theDetailsOfAFullClassOfferTheWaitlist() async throws {
        let run = await DemoHarness.run("session", DemoHarness.id(FitKitSeed.fixed.hotYoga))
        #expect(run.status == 0)
        #expect(run.output.contains("  Action    Join waitlist\n"))
    }

    @Test func theTimetableSaysHowManyWaitForAFullClass() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fit-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("studio.json").path
        let joined = await DemoHarness.run(
            "waitlist", "join", DemoHarness.id(FitKitSeed.fixed.hotYoga), "--data-file", path)
        #expect(joined.status == 0)
        let run = await DemoHarness.run("timetable", "--days", "2", "--data-file", path)
        #expect(
            run.output.contains(
                "7:30 PM London    Hot Yoga             Shoreditch Studio  60 min   2.00 cr  full · 1 waiting           "
                    + DemoHarness.id(FitKitSeed.fixed.hotYoga)))
    }

    @Test func aClassWithSpotsIsRefusedWithItsCode() async throws {
        let run = await DemoHarness.run("waitlist", "join", DemoHarness.id(FitKitSeed.fixed.reformerPilates))
        #expect(run.status == 1)
        #expect(run.errorLines == ["error: FW001: Class has spots: book instead"])
    }

    @Test func leavingALineOneIsNotInIsRefused() async throws {
        let run = await DemoHarness.run("waitlist", "leave", DemoHarness.id(FitKitSeed.fixed.hotYoga))
        #expect(run.status == 1)
        #expect(run.errorLines == ["error: FW007: Not on the waitlist"])
    }
}
