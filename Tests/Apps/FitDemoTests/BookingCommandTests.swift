import FitContract
import FitDemoKit
import FitTesting
import Foundation
import Testing

@Suite("Timetable, session, book, cancel and credits commands")
struct BookingCommandTests {
    @Test func timetableListsTheWeekWithFlagsSpotsAndIds() async throws {
        let run = await DemoHarness.run("timetable")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Timetable for Maya Thompson, next 7 days"))
        #expect(
            run.output.contains(
                "Sunrise Yoga         Brooklyn Loft      60 min   2.00 cr  1 spot left            \(DemoHarness.id(FitKitSeed.fixed.sunriseYoga))"
            ))
        #expect(run.output.contains("15 spots     ✓ booked  \(DemoHarness.id(FitKitSeed.fixed.vinyasaFlow))"))
        #expect(
            run.output.contains("7:00 PM New York  Boxing Basics        Brooklyn Loft      45 min   2.00 cr  cancelled")
        )
        let headings = run.output.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("Timetable") }
        #expect(
            headings == ["Thu 4 Jun", "Fri 5 Jun", "Sat 6 Jun", "Sun 7 Jun", "Mon 8 Jun", "Tue 9 Jun", "Wed 10 Jun"])
    }

    @Test func timetableAsJSONEncodesTheSessions() async throws {
        let run = await DemoHarness.run("timetable", "--days", "2", "--json")
        #expect(run.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        let sunrise = try #require(
            rows.first { $0["session_id"] as? String == FitKitSeed.fixed.sunriseYoga.uuidString })
        #expect(sunrise["spots_remaining"] as? Int == 1)
        #expect(sunrise["studio_time_zone"] as? String == "America/New_York")
        let vinyasa = try #require(
            rows.first { $0["session_id"] as? String == FitKitSeed.fixed.vinyasaFlow.uuidString })
        #expect(vinyasa["is_booked"] as? Bool == true)
        #expect(run.output.contains("\"booking_id\" : \"\(FitKitSeed.fixed.mayaVinyasaBooking.uuidString)\""))
    }

    @Test func sessionShowsDetailsCreditChipAndAction() async throws {
        let run = await DemoHarness.run("session", DemoHarness.id(FitKitSeed.fixed.reformerPilates))
        #expect(run.status == 0)
        #expect(run.output.contains("Reformer Pilates · Shoreditch Studio"))
        #expect(run.output.contains("Coach     Amara Okafor"))
        #expect(run.output.contains("Cost      3.00 credits · 8 spots (capacity 8)"))
        #expect(run.output.contains("Credits   [5 expire Sat 13 Jun] · balance 18.00"))
        #expect(run.output.contains("Action    Book"))
    }

    @Test func sessionOfABookedClassOffersCancel() async throws {
        let run = await DemoHarness.run("session", DemoHarness.id(FitKitSeed.fixed.vinyasaFlow))
        #expect(run.output.contains("Action    Cancel booking \(DemoHarness.id(FitKitSeed.fixed.mayaVinyasaBooking))"))
    }

    @Test func bookDebitsTheCreditCost() async throws {
        let run = await DemoHarness.run("book", DemoHarness.id(FitKitSeed.fixed.reformerPilates))
        #expect(run.status == 0)
        #expect(
            run.output.hasPrefix(
                "Booked Reformer Pilates (Sat 6 Jun, 6:30 PM London) for 3.00 credits · balance 18.00 → 15.00"))
    }

    @Test func bookAsJSONHasTheBookingAndBalances() async throws {
        let run = await DemoHarness.run(
            "book", DemoHarness.id(FitKitSeed.fixed.reformerPilates), "--json", "--member", "Priya Shah")
        #expect(run.status == 0, "\(run.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(report["balance_before"] as? Int == 6)
        #expect(report["balance_after"] as? Int == 3)
        #expect(run.errors.isEmpty)
    }

    @Test(arguments: [
        (FitKitSeed.fixed.mayaVinyasaBooking, "booking id"), (FitKitSeed.fixed.vinyasaFlow, "session id"),
    ])
    func cancelEarlyRefundsInFull(id: UUID, kind: String) async throws {
        let run = await DemoHarness.run("cancel", DemoHarness.id(id))
        #expect(run.status == 0, "by \(kind)")
        #expect(
            run.output
                == "Cancelled Vinyasa Flow (Fri 5 Jun, 12:30 PM London, starts in 18 hours): refunded 2.00 credits · balance 18.00 → 20.00\n"
                + "  Not kept: each run starts from the seed again; add --data-file PATH to keep changes.\n"
        )
    }

    @Test func creditsShowBalanceExpiryAndLedger() async throws {
        let run = await DemoHarness.run("credits")
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Maya Thompson: balance 18.00 credits   [5 expire Sat 13 Jun]")
        #expect(lines.contains("  5.00 expire Sat 13 Jun (next week)"))
        #expect(lines.contains("    -2.00  booking    Wed 3 Jun · Vinyasa Flow"))
        #expect(lines.contains("    +5.00  purchase   Fri 15 May · expires Sat 13 Jun"))
        #expect(lines.contains("   +15.00  purchase   Tue 5 May"))
    }

    @Test func creditsAsJSONForAnotherMember() async throws {
        let run = await DemoHarness.run("credits", "--member", "jordan", "--json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(report["balance"] as? Int == 10)
        #expect(report["expiring_soon"] as? Int == 2)
        #expect(report["chip"] as? String == "2 expire Wed 10 Jun")
        #expect((report["ledger"] as? [Any])?.count == 4)
    }
}
