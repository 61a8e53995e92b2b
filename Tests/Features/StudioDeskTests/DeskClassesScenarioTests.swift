import Booking
import Credits
import FitContract
import FitCore
import Foundation
import Members
import Notifications
import ScenarioBackends
import StudioDesk
import Testing
import Waitlist

/// The desk's classes, lines and credits, written once and run on every backend: staff add and edit their studio's
/// classes, see and trim a line, and owners grant or take back credits with a reason; every refusal is typed and
/// changes nothing.
@Suite("The studio's desk: classes, lines and credits, on every backend")
struct DeskClassesScenarioTests {
    static func timetable(_ session: ScenarioSession, as member: UUID) async throws -> [BookableSession] {
        try await BookingQueries(client: session.client(member))
            .getTimetable(from: Date(), to: Date().addingTimeInterval(72 * 3600))
    }

    @Test(
        "staff add a class, edit it (members who booked hear it moved), and bad details are refused",
        arguments: ScenarioBackend.available)
    func addingAndEditingClasses(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await DeskScenarioTests.staff(session)
            let desk = DeskQueries(client: session.client(staff.instructor))
            let start = WireDate.wireRounded(Date().addingTimeInterval(30 * 3600))
            let id = try await desk.addClass(
                NewClass(
                    name: "  Barre \n", startsAt: start, durationMinutes: 50, capacity: 8, creditCost: 3,
                    instructorName: "Ivan"),
                at: session.seed.londonStudio)
            let alice = session.seed.alice.id
            let added = try #require(try await Self.timetable(session, as: alice).first { $0.sessionId == id })
            #expect(added.name == "Barre" && added.capacity == 8 && added.creditCost == 3)
            #expect(added.startTime == start && added.durationMinutes == 50 && added.instructorName == "Ivan")

            _ = try await BookingQueries(client: session.client(alice)).bookSession(id: id)
            let later = start.addingTimeInterval(3600)
            try await desk.editClass(id, with: ClassChanges(name: "Barre Burn", startsAt: later, creditCost: 4))
            let edited = try #require(try await Self.timetable(session, as: alice).first { $0.sessionId == id })
            #expect(edited.name == "Barre Burn" && edited.startTime == later && edited.creditCost == 4)
            #expect(edited.durationMinutes == 50 && edited.isBooked)
            let told = try await NotificationsQueries(client: session.client(alice)).inbox()
                .filter { $0.classSessionId == id }.map(\.kind)
            #expect(told == [.classMoved])

            let refusals: [(NewClass, DeskError)] = [
                (NewClass(name: " ", startsAt: start), .missingName),
                (NewClass(name: "Old", startsAt: Date().addingTimeInterval(-60)), .startInThePast),
                (NewClass(name: "Long", startsAt: start, durationMinutes: 601), .invalidDuration),
                (NewClass(name: "Huge", startsAt: start, capacity: 10_001), .invalidCapacity),
                (NewClass(name: "Dear", startsAt: start, creditCost: 1_001), .invalidCreditCost),
            ]
            for (newClass, error) in refusals {
                await #expect(throws: error) { _ = try await desk.addClass(newClass, at: session.seed.londonStudio) }
            }
            await #expect(throws: DeskError.notStaff) {
                _ = try await desk.addClass(NewClass(name: "Away", startsAt: start), at: session.seed.newYorkStudio)
            }
            await #expect(throws: DeskError.invalidDuration) {
                try await desk.editClass(id, with: ClassChanges(durationMinutes: 0))
            }
            await #expect(throws: DeskError.startInThePast) {
                try await desk.editClass(id, with: ClassChanges(startsAt: Date().addingTimeInterval(-60)))
            }
            let unchanged = try #require(try await Self.timetable(session, as: alice).first { $0.sessionId == id })
            #expect(unchanged == edited)
            let names = try await Self.timetable(session, as: alice).map(\.name)
            #expect(!names.contains("Old") && !names.contains("Away") && !names.contains("Long"))

            _ = try await desk.cancelClass(id: id)
            await #expect(throws: DeskError.alreadyCancelled) {
                try await desk.editClass(id, with: ClassChanges(name: "Again"))
            }
        }
    }

    @Test(
        "staff see a class's line and take a member out of it; those behind move up",
        arguments: ScenarioBackend.available)
    func managingTheLine(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await DeskScenarioTests.staff(session)
            let seed = session.seed
            let id = try await DeskScenarioTests.addClass(session, at: seed.londonStudio, capacity: 1)
            _ = try await BookingQueries(client: session.client(seed.alice.id)).bookSession(id: id)
            for member in [seed.bob.id, seed.carol.id] {
                _ = try await WaitlistQueries(client: session.client(member)).join(sessionId: id)
            }
            let desk = DeskQueries(client: session.client(staff.instructor))
            #expect(try await desk.line(of: id).map(\.displayName) == [seed.bob.displayName, seed.carol.displayName])
            #expect(try await desk.line(of: id).map(\.place) == [1, 2])

            try await desk.removeFromLine(seed.bob.id, of: id)
            let line = try await desk.line(of: id)
            #expect(line.map(\.memberId) == [seed.carol.id] && line.map(\.place) == [1])
            let bobs = try await WaitlistQueries(client: session.client(seed.bob.id)).entries()
                .filter { $0.classSessionId == id }
            #expect(bobs.map(\.status) == [.left])
            let told = try await NotificationsQueries(client: session.client(seed.bob.id)).inbox()
                .filter { $0.classSessionId == id }.map(\.kind)
            #expect(told == [.lineClosed])

            await #expect(throws: DeskError.notInLine) { try await desk.removeFromLine(seed.bob.id, of: id) }
            let member = DeskQueries(client: session.client(seed.alice.id))
            await #expect(throws: DeskError.notStaff) { _ = try await member.line(of: id) }
            await #expect(throws: DeskError.notStaff) { try await member.removeFromLine(seed.carol.id, of: id) }
            #expect(try await desk.line(of: id).map(\.memberId) == [seed.carol.id])
        }
    }

    @Test(
        "staff move a member in the line, everyone else keeps their order, and the line promotes in the new order",
        arguments: ScenarioBackend.available)
    func movingInTheLine(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await DeskScenarioTests.staff(session)
            let seed = session.seed
            let id = try await DeskScenarioTests.addClass(session, at: seed.londonStudio, capacity: 1)
            let alice = BookingQueries(client: session.client(seed.alice.id))
            let booked = try await alice.bookSession(id: id)
            for member in [seed.bob.id, seed.carol.id, seed.jordan.id] {
                _ = try await WaitlistQueries(client: session.client(member)).join(sessionId: id)
            }
            let desk = DeskQueries(client: session.client(staff.instructor))
            #expect(
                try await desk.moveInLine(seed.jordan.id, to: 1, of: id).map(\.memberId) == [
                    seed.jordan.id, seed.bob.id, seed.carol.id,
                ])
            let line = try await desk.moveInLine(seed.bob.id, to: 3, of: id)
            #expect(line.map(\.memberId) == [seed.jordan.id, seed.carol.id, seed.bob.id])
            #expect(line.map(\.place) == [1, 2, 3])
            for place in [0, 4] {
                await #expect(throws: DeskError.notInLinePlace) {
                    try await desk.moveInLine(seed.bob.id, to: place, of: id)
                }
            }
            await #expect(throws: DeskError.notInLine) { try await desk.moveInLine(seed.alice.id, to: 1, of: id) }
            await #expect(throws: DeskError.notStaff) {
                try await DeskQueries(client: session.client(seed.alice.id)).moveInLine(seed.bob.id, to: 1, of: id)
            }
            #expect(try await desk.line(of: id).map(\.memberId) == [seed.jordan.id, seed.carol.id, seed.bob.id])

            // A spot frees: the first in the new order is booked.
            _ = try await alice.cancelBooking(id: booked.id)
            #expect(try await desk.roster(of: id).map(\.memberId) == [seed.jordan.id])
            #expect(try await desk.line(of: id).map(\.memberId) == [seed.carol.id, seed.bob.id])
        }
    }

    @Test(
        "owners grant and take back credits with a reason the member reads; instructors and bad amounts cannot",
        arguments: ScenarioBackend.available)
    func adjustingCredits(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await DeskScenarioTests.staff(session)
            let studio = session.seed.londonStudio
            let alice = session.seed.alice.id
            let credits = CreditsQueries(client: session.client(alice))
            let before = try await credits.getSummary().balance
            let owner = DeskQueries(client: session.client(staff.owner))

            let granted = try await owner.adjustCredits(5, for: alice, at: studio, reason: " Goodwill\n")
            #expect(granted.amount == 5 && granted.note == "Goodwill" && granted.memberId == alice)
            _ = try await owner.adjustCredits(-2, for: alice, at: studio, reason: "Correction")
            #expect(try await credits.getSummary().balance == before + 3)
            let adjustments = try await credits.getLedger().filter { $0.reason == .adjustment }
            #expect(Set(adjustments.compactMap(\.note)) == ["Goodwill", "Correction"])

            let refusals: [(Decimal, String, DeskError)] = [
                (0, "Nothing", .invalidCreditAmount), (1_001, "Too many", .invalidCreditAmount),
                (5, " ", .missingReason), (-(before + 4), "All of it", .notEnoughCredits),
            ]
            for (amount, reason, error) in refusals {
                await #expect(throws: error) {
                    _ = try await owner.adjustCredits(amount, for: alice, at: studio, reason: reason)
                }
            }
            await #expect(throws: DeskError.memberNotFound) {
                _ = try await owner.adjustCredits(5, for: UUID(), at: studio, reason: "Nobody")
            }
            await #expect(throws: DeskError.notStaff) {
                _ = try await DeskQueries(client: session.client(staff.instructor))
                    .adjustCredits(5, for: alice, at: studio, reason: "Not mine to give")
            }
            await #expect(throws: DeskError.notStaff) {
                _ = try await owner.adjustCredits(5, for: alice, at: session.seed.newYorkStudio, reason: "Elsewhere")
            }
            #expect(try await credits.getSummary().balance == before + 3)
        }
    }
}
