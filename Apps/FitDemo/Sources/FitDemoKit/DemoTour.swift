import Booking
import Events
import FitContract
import FitCore
import FitInMemory
import Foundation
import History
import StudioDesk
import Waitlist

/// The guided tour: every module driven through its stores and display models, one section each, on the
/// seeded studio. Steps that the data no longer allows (a class already booked in a kept `--data-file`,
/// say) are reported and skipped, so the tour always reaches the end.
struct DemoTour {
    let context: DemoContext

    private var output: OutputSink { context.output }

    func run() async throws {
        let member = context.member
        let now = context.now
        output.line("FitKit demo · signed in as \(member.displayName) (\(member.timeZone))")
        output.line(
            "It is \(context.memberFormatter.shortDate(now)), \(context.memberFormatter.time(now)) for \(member.displayName.split(separator: " ").first ?? "")."
        )

        section("1. Timetable · the next 2 days (times in each studio's time zone)")
        context.printTimetable(try await context.loadTimetable(days: 2), ids: false)

        section("2. Class details · Reformer Pilates")
        let featured = try await context.showSession(id: FitKitSeed.fixed.reformerPilates)

        section("3. Booking it")
        let booked = await attempt { try await context.book(sessionId: FitKitSeed.fixed.reformerPilates) }
        if let booked { try context.printBooking(booked) }

        section("4. Cancelling · inside the refund window, then outside it")
        for sessionId in [FitKitSeed.fixed.spinAndCore, FitKitSeed.fixed.expressHIIT] {
            guard let report = await attempt({ try await context.book(sessionId: sessionId) }) else { continue }
            try context.printBooking(report)
            if let cancelled = await attempt({ try await context.cancel(id: report.booking.id) }) {
                try context.printCancellation(cancelled)
            }
        }

        section("5. Adding the booked class as a countdown")
        let events = try await context.loadEvents()
        if let entry = BookedClassEntry(featured) {
            let countdown = Event(calendarEntry: entry, textColor: RGBAColor(red: 0x26, green: 0x46, blue: 0x53))
            try context.printEvent("Added", try await events.add(countdown))
        }

        section("6. Events")
        try context.showEvents(events)

        section("7. HIIT · 4 × 30 s on a fast clock")
        _ = try await context.runHIIT()

        section("8. Ratings")
        let exercises = try await context.loadExercises()
        let ratings = try await context.loadRatings()
        let salute = try context.findExercise("Sun Salute", in: exercises)
        try await ratings.rate(5, exerciseId: salute.id)
        output.line("Rated \(salute.name) \(ratings.rating(for: salute.id).label).")
        try context.printRatings(ratings, exercises: exercises)

        section("9. History · the last 7 days in \(member.timeZone)")
        try await context.showHistory()

        section("10. Strength log")
        let workouts = try await context.loadWorkouts()
        let draft = WorkoutDraft(
            title: "Pull Day", performedAt: now, notes: "New deadlift PR.",
            exercises: [
                WorkoutExercise(
                    name: "Deadlift",
                    sets: [
                        WorkoutSet(reps: 5, weightKg: 100, restSeconds: 180),
                        WorkoutSet(reps: 5, weightKg: 100, restSeconds: 180),
                        WorkoutSet(reps: 3, weightKg: 110, restSeconds: 180),
                    ]),
                WorkoutExercise(
                    name: "Barbell Row",
                    sets: [
                        WorkoutSet(reps: 10, weightKg: 50, restSeconds: 90),
                        WorkoutSet(reps: 10, weightKg: 50, restSeconds: 90),
                    ]),
                WorkoutExercise(name: "Pull-up", sets: [WorkoutSet(reps: 8, weightKg: 0, restSeconds: 90)]),
            ])
        try context.printWorkout("Logged", try await workouts.add(draft))
        output.line("All workouts:")
        try context.showWorkouts(workouts)

        section("11. Live · two windows of one member")
        try await context.showTwoWindowsConverging(exercise: try context.findExercise("Squat", in: exercises))

        section("12. Waitlist · Hot Yoga is full, then a spot frees")
        try await showWaitlistPromotion()

        if let device = context.offline {
            section("13. Offline · the network cut, the replica in \(device.replicaURL.lastPathComponent)")
            try await context.showOfflineRoundTrip(on: device, exercises: exercises)
        }

        section("\(context.offline == nil ? 13 : 14). Studio desk · the studio cancels Reformer Pilates")
        try await showStudioCancellation()

        // The app's own sections, numbered on from FitKit's.
        var number = context.offline == nil ? 14 : 15
        for extra in DemoExtension.installed.flatMap(\.tourSections) {
            section("\(number). \(extra.title)")
            number += 1
            if await attempt({ try await extra.run(context) }) == nil { continue }
        }

        let balance = try await context.loadCreditSummary().balance
        output.line("")
        output.line("Done. \(member.displayName) ends with \(context.credits(balance)) credits.")
        output.line("Next: `fit-demo timetable`, `fit-demo book <session-id>`, `fit-demo --help`.")
    }

    /// Maya joins the full Hot Yoga's line; Priya cancels; the spot goes to Maya in the same transaction, and her
    /// store reports it as an event a notification would show.
    private func showWaitlistPromotion() async throws {
        let seed = FitKitSeed.fixed
        let (session, waitlist) = try await context.loadWaitlist(sessionId: seed.hotYoga)
        var events = waitlist.events.makeAsyncIterator()
        try context.printWaitlist(session, waitlist)
        guard let entry = await attempt({ try await waitlist.run(.join(sessionId: seed.hotYoga)) }) ?? nil else {
            return
        }
        output.line("\(context.member.displayName) joins for free: \(entry.place.map { "place \($0)" } ?? "in line").")
        try context.printWaitlist(session, waitlist)
        let priya = BookingQueries(client: context.service.acting(as: .member(seed.priya.id)))
        guard await attempt({ try await priya.cancelBooking(id: seed.priyaHotYogaBooking) }) != nil else { return }
        output.line("\(seed.priya.displayName) cancels her booking of \(session.name).")
        await waitlist.load()
        let promoted = waitlist.state.entries.values.contains { $0.id == entry.id && $0.status == .promoted }
        if promoted, let event = await events.next() {
            output.line("Notification for \(context.member.displayName): \(event.message)")
        }
        // The inbox is in the database: a relaunched app (or `fit-demo inbox` after this run, with --data-file)
        // reads the same rows.
        context.printInbox(try await context.loadInbox())
        output.line(
            "  Kept with --data-file PATH: `fit-demo inbox` run later shows it; `fit-demo inbox read` clears it.")
        let (after, reloaded) = try await context.loadWaitlist(sessionId: seed.hotYoga)
        let label = reloaded.line(for: seed.hotYoga)?.spotsLabel(for: after) ?? after.spotsLabel
        output.line(
            "\(after.name) · \(label) · \(after.isBooked ? "booked" : "not booked") for \(context.member.displayName)")
    }

    /// The seed's owner of the London studio cancels the class the tour booked: every booking there is refunded in
    /// full, whatever the refund window, and the member sees it in their balance and inbox.
    private func showStudioCancellation() async throws {
        let seed = FitKitSeed.fixed
        let owner = seed.maya
        let desk = DeskQueries(client: context.service.acting(as: .member(owner.id)))
        let before = try await context.loadCreditSummary().balance
        guard let cancellation = await attempt({ try await desk.cancelClass(id: seed.reformerPilates) }) else { return }
        output.line(
            "\(owner.displayName), who owns the London studio, cancels Reformer Pilates at the desk: "
                + "\(cancellation.cancelledBookings) booking\(cancellation.cancelledBookings == 1 ? "" : "s") refunded in full "
                + "(\(context.credits(cancellation.refundedCredits)) credits), its line closed.")
        let after = try await context.loadCreditSummary().balance
        output.line(
            "\(context.member.displayName)'s balance: \(context.credits(before)) → \(context.credits(after)) credits.")
        context.printInbox(try await context.loadInbox())
    }

    private func section(_ title: String) {
        for line in TextLayout.heading(title) { output.line(line) }
    }

    /// Runs a step the data may refuse (a rule such as "already booked"): prints why and returns `nil`.
    private func attempt<T>(_ step: () async throws -> T) async -> T? {
        do {
            return try await step()
        } catch {
            output.line("  (skipped: \(ErrorMessage.text(for: error)))")
            return nil
        }
    }
}
