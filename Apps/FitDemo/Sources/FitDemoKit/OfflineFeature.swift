import Booking
import Events
import FitContract
import FitCore
import FitOffline
import Foundation
import History

extension DemoContext {
    /// The tour's offline section (`--offline-replica`): the timetable synced, the network cut and the device's clock
    /// moved on, the timetable read from the replica, three changes made offline and queued, a booking refused at
    /// once, the network back, `sync()`'s report, and the changes read back from the server itself.
    func showOfflineRoundTrip(on device: OfflineDevice, exercises: [Exercise]) async throws {
        let timetable = TimetableStore(queries: BookingQueries(client: client), locale: locale, now: { device.now })
        let start = device.now
        await timetable.load(from: start, to: start.addingTimeInterval(2 * 86_400))
        if let error = timetable.error { throw error }
        output.line(
            "Online at \(memberFormatter.time(start)): the next 2 days' \(timetable.timetable?.sessions.count ?? 0) "
                + "classes are in the replica (\(freshness(timetable.offline.isOffline, timetable.offline.lastSynced, device.now)))."
        )

        device.network.disconnect()
        device.clock.advance(by: OfflineDevice.timeOffline)
        let minutes = OfflineDevice.timeOffline.components.seconds / 60
        output.line(
            "The network is cut. \(minutes) minutes later, at \(memberFormatter.time(device.now)), on the train:")
        await timetable.refresh()
        if let error = timetable.error { throw error }
        output.line("Timetable · \(freshness(timetable.offline.isOffline, timetable.offline.lastSynced, device.now))")
        printTimetable(timetable.timetable ?? Timetable(days: []), ids: false)

        let events = EventsStore(queries: EventsQueries(client: client), clock: environment.clock, now: { device.now })
        await events.load()
        if let error = events.error { throw error }
        let restDay = try await events.add(
            Event(
                title: "Rest day", date: device.now.addingTimeInterval(3 * 86_400),
                textColor: RGBAColor(red: 0x2A, green: 0x9D, blue: 0x8F)))
        output.line(
            "Added “\(restDay.title)” on \(memberFormatter.shortDate(restDay.date)) · \(events.events.count) events "
                + "on the device (\(freshness(events.offline.isOffline, events.offline.lastSynced, device.now)))")

        let workouts = WorkoutsStore(queries: WorkoutsQueries(client: client))
        await workouts.load()
        if let error = workouts.error { throw error }
        let hotelGym = try await workouts.add(Self.hotelGym(at: device.now))
        output.line(
            "Logged “\(hotelGym.title)” · \(totalsText(hotelGym.exercises.count, hotelGym.totals)) "
                + "(\(freshness(workouts.offline.isOffline, workouts.offline.lastSynced, device.now)))")

        let ratings = RatingsStore(queries: RatingsQueries(client: client), now: { device.now })
        await ratings.load()
        if let error = ratings.error { throw error }
        let stepUp = try findExercise("Step Up", in: exercises)
        try await ratings.rate(3, exerciseId: stepUp.id)
        output.line(
            "Rated \(stepUp.name) \(ratings.rating(for: stepUp.id).label) "
                + "(\(freshness(ratings.offline.isOffline, ratings.offline.lastSynced, device.now)))")

        do {
            _ = try await book(sessionId: FitKitSeed.fixed.sunriseYoga)
            output.line("Booked Sunrise Yoga offline: the booking should have needed the server")
        } catch let error as OfflineError {
            output.line("Booking Sunrise Yoga fails at once: \(Self.typedName(of: error)) · \(error)")
        }
        let pending = device.client.pendingChangeCount()
        output.line("Outbox: \(pending) change\(pending == 1 ? "" : "s") waiting for the server")

        device.network.reconnect()
        let report = await device.client.sync()
        output.line(
            "Back online · sync(): accepted \(report.accepted), refused \(report.rejected.count), pending "
                + "\(report.pending) · \(report.requests) request\(report.requests == 1 ? "" : "s")")
        for refusal in report.rejected {
            output.line("  refused: \(refusal.operation) on \(refusal.table): \(ErrorMessage.text(for: refusal.error))")
        }
        if let reason = report.stoppedBecause { output.line("  stopped: \(reason)") }

        try await showReadBack(
            from: device.server.acting(as: .member(member.id)), event: restDay, workout: hotelGym, rated: stepUp)
        await timetable.refresh()
        if let error = timetable.error { throw error }
        output.line("Timetable · \(freshness(timetable.offline.isOffline, timetable.offline.lastSynced, device.now))")
        // The next run reopens the replica: its file holds this run's last answers and outbox.
        await device.client.finishReplicaUpdates()
    }

    /// What the server holds of the three changes, read past the replica.
    private func showReadBack(from server: any DatabaseClient, event: Event, workout: Workout, rated exercise: Exercise)
        async throws
    {
        output.line("Read back from the server:")
        let storedEvent = try await EventsQueries(client: server).getEvent(id: event.id)
        output.line(
            "  " + TextLayout.column("Event", 8)
                + (storedEvent.map { "“\($0.title)” on \(memberFormatter.shortDate($0.date))" } ?? "missing"))
        let storedWorkout = try await WorkoutsQueries(client: server).getWorkouts().first { $0.id == workout.id }
        output.line(
            "  " + TextLayout.column("Workout", 8)
                + (storedWorkout.map { "“\($0.title)” · \(totalsText($0.exercises.count, $0.totals))" } ?? "missing"))
        let storedRating = try await RatingsQueries(client: server).getRatings().first { $0.exerciseId == exercise.id }
        output.line(
            "  " + TextLayout.column("Rating", 8)
                + (storedRating.map { "\(exercise.name) \($0.rating) of 5" } ?? "missing"))
    }

    /// `offline · updated 25 minutes ago`, or `online`.
    private func freshness(_ isOffline: Bool, _ lastSynced: Date?, _ now: Date) -> String {
        guard isOffline else { return "online" }
        guard let lastSynced else { return "offline · never synced" }
        return "offline · updated \(memberFormatter.relative(lastSynced, to: now))"
    }

    /// `OfflineError.requiresServer`: the case a screen would switch on.
    private static func typedName(of error: OfflineError) -> String {
        switch error {
        case .requiresServer: "OfflineError.requiresServer"
        case .notAvailableOffline: "OfflineError.notAvailableOffline"
        case .missingKey: "OfflineError.missingKey"
        }
    }

    /// A short session in a hotel gym.
    private static func hotelGym(at date: Date) -> WorkoutDraft {
        WorkoutDraft(
            title: "Hotel Gym", performedAt: date,
            exercises: [
                WorkoutExercise(
                    name: "Goblet Squat",
                    sets: [
                        WorkoutSet(reps: 12, weightKg: 20, restSeconds: 60),
                        WorkoutSet(reps: 12, weightKg: 20, restSeconds: 60),
                    ]),
                WorkoutExercise(name: "Push-up", sets: [WorkoutSet(reps: 15, weightKg: 0, restSeconds: 60)]),
            ])
    }
}
