import FitDemoKit
import FitStores
import Foundation
import MembershipsDemo
import Testing

/// The app's feature in fit-demo, registered from this package: its subcommand and its tour section, on the embedded
/// database with the feature installed and seeded.
@Suite("Memberships in fit-demo")
struct MembershipsDemoTests {
    /// Thursday 4 June 2026, 18:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_780_596_000)

    static func run(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
        let output = OutputBuffer()
        let errors = OutputBuffer()
        let environment = DemoEnvironment(
            output: output.sink, errorOutput: errors.sink, now: { now }, clock: ImmediateClock())
        let status = await FitDemo.run(
            arguments: arguments, environment: environment, extensions: [MembershipsDemo.demoExtension])
        return (status, output.text, errors.text)
    }

    @Test func theSubcommandListsAndPausesTheMembersPlans() async {
        let listed = await Self.run(["memberships", "--member", "Alice"])
        #expect(listed.status == 0, "\(listed.errors)")
        #expect(listed.output.contains("monthly  running · 8.00 credits granted"))
        #expect(listed.output.contains("yearly   running · 8.00 credits granted"))

        let paused = await Self.run(["memberships", "--member", "Alice", "--pause", "monthly"])
        #expect(paused.status == 0, "\(paused.errors)")
        #expect(paused.output.contains("Paused Alice"))
        #expect(paused.output.contains("monthly  paused Thu 4 Jun · 8.00 credits granted"))
    }

    @Test func theTourEndsWithTheFeaturesSection() async {
        let tour = await Self.run(["--member", "Alice"])
        #expect(tour.status == 0, "\(tour.errors)")
        #expect(tour.output.contains("14. Memberships · a plan paused"))
        #expect(tour.output.contains("pauses the monthly plan."))
        #expect(tour.output.contains("12. Waitlist"))
    }

    @Test func helpListsTheAppsSubcommandAfterFitKits() async {
        let help = await Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("memberships"))
        #expect(help.output.contains("timetable"))
    }
}
