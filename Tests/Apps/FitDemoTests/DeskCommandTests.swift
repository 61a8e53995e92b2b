import FitContract
import FitDemoKit
import FitTesting
import Foundation
import Testing

/// `fit-demo desk`: the studio's side, as the seed's owner of the London studio (Maya, the default member).
@Suite("The desk command")
struct DeskCommandTests {
    static var hotYoga: String { DemoHarness.id(FitKitSeed.fixed.hotYoga) }

    @Test func listsTheMembersStudiosAndAClassRoster() async throws {
        let studios = await DemoHarness.run("desk")
        #expect(studios.status == 0, "\(studios.errors)")
        #expect(
            studios.output.contains("Maya Thompson: owner of studio \(DemoHarness.id(FitKitSeed.fixed.londonStudio))"))
        let roster = await DemoHarness.run("desk", "roster", Self.hotYoga)
        #expect(roster.status == 0, "\(roster.errors)")
        #expect(roster.output.contains("· 2 booked"))
        #expect(roster.output.contains("  Priya Shah · booked"))
    }

    @Test func cancellingAClassRefundsItsBookingsAsJSONToo() async throws {
        let run = await DemoHarness.run("desk", "cancel", Self.hotYoga, "--json")
        #expect(run.status == 0, "\(run.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let cancellation = try #require(report["cancellation"] as? [String: Any])
        #expect((cancellation["cancelled_bookings"] ?? cancellation["cancelledBookings"]) as? Int == 2)
        #expect((report["roster"] as? [Any])?.isEmpty == true)
    }

    @Test func theRefundWindowIsTheOwnersToSet() async throws {
        let owner = await DemoHarness.run("desk", "refund-window", "--hours", "24")
        #expect(owner.status == 0, "\(owner.errors)")
        #expect(owner.output.contains("Full refund now up to 24 hours before each class."))
        let member = await DemoHarness.run("--member", "Jordan", "desk", "cancel", Self.hotYoga)
        #expect(member.status != 0)
        #expect(member.errors.contains("Not staff of this studio"))
        let missing = await DemoHarness.run("desk", "cancel")
        #expect(missing.status != 0)
    }
}
