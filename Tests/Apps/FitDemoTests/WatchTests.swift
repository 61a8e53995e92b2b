import Booking
import FitContract
import FitCore
import FitDemoKit
import FitInMemory
import FitStores
import Foundation
import Testing

/// `fit-demo watch`: the timetable and the member's credits follow writes made by others, line by line.
@Suite(.timeLimit(.minutes(10))) struct WatchTests {
    @Test func anotherMembersBookingAndTheMembersOwnFromAnotherDeviceShowUp() async throws {
        let database = try InMemoryDatabase.embedded(now: { DemoHarness.now })
        try await FitKitSeed.fixed.write(using: database.client(as: .service), now: DemoHarness.now)
        let output = OutputBuffer()
        let errors = OutputBuffer()
        let environment = DemoEnvironment(
            output: output.sink, errorOutput: errors.sink, now: { DemoHarness.now }, clock: ImmediateClock(),
            embeddedDatabase: database)
        let watching = Task { await FitDemo.run(arguments: ["watch", "--changes", "3"], environment: environment) }
        await output.waitForText("Press Ctrl-C to stop.")

        // Jordan takes the last spot of Sunrise Yoga; Maya books Reformer Pilates on her phone.
        _ = try await BookingQueries(client: database.client(as: .member(FitKitSeed.fixed.jordan.id))).bookSession(
            id: FitKitSeed.fixed.reformerPilates)
        _ = try await BookingQueries(client: database.client(as: .member(FitKitSeed.fixed.maya.id))).bookSession(
            id: FitKitSeed.fixed.spinAndCore)

        let status = await watching.value
        #expect(status == 0, "\(errors.text)")
        let lines = output.lines.filter { !$0.isEmpty }
        #expect(lines.first?.hasPrefix("Watching ") == true)
        #expect(lines.first?.contains("Maya Thompson's credits (balance 18.00)") == true)
        #expect(lines.contains { $0.hasPrefix("Reformer Pilates (") && $0.hasSuffix(": spots 8 → 7") })
        #expect(
            lines.contains { $0.hasPrefix("Spin & Core (") && $0.hasSuffix(": spots 14 → 13, you booked it") },
            "\(lines)")
        #expect(lines.contains("credits: balance 18.00 → 16.00"))
        #expect(lines.count == 4, "\(lines)")
        #expect(database.changeFollowerCount == 0, "watch stopped following when it was done")
    }

    @Test func aChangeCountBelowOneIsOneLine() async {
        let run = await DemoHarness.run("watch", "--changes", "0")
        #expect(run.status == 1)
        #expect(run.errorLines == ["error: --changes must be 1 or more, not 0"])
    }
}
