import FitCore
import Foundation

/// Booking's rows of ``FitKitSeed``: two studios, the demo's featured classes and a regular week, a class for every
/// booking rule, and the members' bookings (their debits are Credits' rows).
enum BookingSeed {
    @Sendable static func write(_ seed: FitKitSeed, now: Date, using service: any DatabaseClient) async throws {
        try await service.insertSeedRows(
            [
                StudioRow(id: seed.londonStudio, name: "Shoreditch Studio", timeZone: "Europe/London"),
                StudioRow(id: seed.newYorkStudio, name: "Brooklyn Loft", timeZone: "America/New_York"),
            ], into: "studios")
        try await service.insertSeedRows(
            featuredClasses(seed, now: now) + week(seed, now: now) + ruleClasses(seed, now: now), into: "class_sessions"
        )
        try await service.insertSeedRows(
            bookings(seed).enumerated().map { index, booking in
                BookingRow(
                    id: booking.id, memberId: booking.member, classSessionId: booking.session,
                    createdAt: now.addingTimeInterval(Double(-86_400 * (index + 1))))
            }, into: "bookings")
    }

    /// The seed's bookings and what each cost: Credits writes their debits.
    static func bookings(_ seed: FitKitSeed) -> [(id: UUID, member: UUID, session: UUID, cost: Decimal)] {
        [
            (seed.mayaVinyasaBooking, seed.maya.id, seed.vinyasaFlow, 2),
            (seed.id("B0000000", 2), seed.jordan.id, seed.sunriseYoga, 2),
            (seed.id("B0000000", 3), seed.priya.id, seed.sunriseYoga, 2),
            (seed.id("B0000000", 4), seed.jordan.id, seed.hotYoga, 2),
            (seed.priyaHotYogaBooking, seed.priya.id, seed.hotYoga, 2),
        ]
    }

    private static let london = TimeZone(identifier: "Europe/London")!
    private static let newYork = TimeZone(identifier: "America/New_York")!

    private static func featuredClasses(_ seed: FitKitSeed, now: Date) -> [ClassSessionRow] {
        func local(_ days: Int, _ hour: Int, _ minute: Int, _ zone: TimeZone) -> Date {
            FitKitSeed.localTime(days: days, hour: hour, minute: minute, in: zone, now: now)
        }
        // Three hours ahead, on the next quarter hour.
        let soon = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 + 3 * 3600) / 900).rounded(.up) * 900)
        return [
            ClassSessionRow(
                id: seed.reformerPilates, studioId: seed.londonStudio, name: "Reformer Pilates",
                description: "Spring-loaded reformers for a long, strong core. All levels.",
                instructorName: "Amara Okafor", startsAt: local(2, 18, 30, london), durationMinutes: 50, capacity: 8,
                creditCost: 3),
            ClassSessionRow(
                id: seed.spinAndCore, studioId: seed.londonStudio, name: "Spin & Core",
                description: "30 minutes on the bike, 15 on the mat.", instructorName: "Tom Reid",
                startsAt: local(3, 12, 30, london), durationMinutes: 45, capacity: 14, creditCost: 2),
            ClassSessionRow(
                id: seed.expressHIIT, studioId: seed.newYorkStudio, name: "Express HIIT",
                description: "Thirty minutes, four moves, no rest you don't earn.", instructorName: "Dana Cruz",
                startsAt: soon, durationMinutes: 30, capacity: 12, creditCost: 1.5),
            ClassSessionRow(
                id: seed.sunriseYoga, studioId: seed.newYorkStudio, name: "Sunrise Yoga",
                description: "Slow flow to wake up with.", instructorName: "Ken Ito",
                startsAt: local(1, 6, 30, newYork), durationMinutes: 60, capacity: 3, creditCost: 2),
            ClassSessionRow(
                id: seed.hotYoga, studioId: seed.londonStudio, name: "Hot Yoga",
                description: "Heated room, bring water.",
                instructorName: "Amara Okafor", startsAt: local(1, 19, 30, london), durationMinutes: 60, capacity: 2,
                creditCost: 2),
            ClassSessionRow(
                id: seed.boxingBasics, studioId: seed.newYorkStudio, name: "Boxing Basics",
                description: "Footwork, jab, cross. Gloves provided.", instructorName: "Ray Moreno",
                startsAt: local(4, 19, 0, newYork), durationMinutes: 45, capacity: 10, creditCost: 2,
                cancelledAt: now.addingTimeInterval(-86_400)),
            ClassSessionRow(
                id: seed.vinyasaFlow, studioId: seed.londonStudio, name: "Vinyasa Flow",
                description: "Breath-led flow, strong finish.", instructorName: "Lena Fischer",
                startsAt: local(1, 12, 30, london), durationMinutes: 60, capacity: 16, creditCost: 2),
        ]
    }

    /// Two classes a day in each studio for a week, from today.
    private static func week(_ seed: FitKitSeed, now: Date) -> [ClassSessionRow] {
        let londonNames = [
            "Morning Spin", "Barre Burn", "Power Yoga", "Kettlebell Club", "Pilates Mat", "Strength 45",
            "Stretch & Mobility",
        ]
        let newYorkNames = [
            "Cycle Beats", "Bootcamp", "Yoga Sculpt", "Row & Ride", "Core Blast", "Dance Cardio", "Restore",
        ]
        let coaches = ["Tom Reid", "Lena Fischer", "Dana Cruz", "Ken Ito", "Amara Okafor", "Ray Moreno"]
        var rows: [ClassSessionRow] = []
        for day in 0..<7 {
            let slots: [(UUID, [String], TimeZone, Int, Int)] = [
                (seed.londonStudio, londonNames, london, 7, 0), (seed.londonStudio, londonNames, london, 18, 0),
                (seed.newYorkStudio, newYorkNames, newYork, 7, 30), (seed.newYorkStudio, newYorkNames, newYork, 18, 30),
            ]
            for (index, (studio, names, zone, hour, minute)) in slots.enumerated() {
                rows.append(
                    ClassSessionRow(
                        id: seed.id("5E550000", 101 + rows.count), studioId: studio,
                        name: names[(day * 2 + index) % names.count], description: "A studio favourite.",
                        instructorName: coaches[(day + index) % coaches.count],
                        startsAt: FitKitSeed.localTime(days: day, hour: hour, minute: minute, in: zone, now: now),
                        durationMinutes: 45, capacity: 12 + (day + index) % 3 * 2, creditCost: index % 2 == 0 ? 2 : 2.5)
                )
            }
        }
        return rows
    }

    private static func ruleClasses(_ seed: FitKitSeed, now: Date) -> [ClassSessionRow] {
        func rule(
            _ id: UUID, _ name: String, hours: Double, capacity: Int = 10, cost: Decimal = 2, cancelled: Bool = false
        )
            -> ClassSessionRow
        {
            ClassSessionRow(
                id: id, studioId: seed.londonStudio, name: name, description: nil, instructorName: "Sam",
                startsAt: now.addingTimeInterval(hours * 3600), durationMinutes: 45, capacity: capacity,
                creditCost: cost,
                cancelledAt: cancelled ? now : nil)
        }
        return [
            rule(seed.upcomingClass, "Yoga Flow", hours: 48), rule(seed.soonClass, "Spin", hours: 6, cost: 3),
            rule(seed.startedClass, "Early Pilates", hours: -0.5),
            rule(seed.cancelledClass, "Boxing", hours: 24, cancelled: true),
            rule(seed.fullClass, "Private Session", hours: 30, capacity: 0),
            rule(seed.freeClass, "Open Gym", hours: 72, cost: 0),
            rule(seed.expensiveClass, "Masterclass", hours: 96, cost: 50),
        ]
    }

    private struct BookingRow: Encodable, Sendable {
        var id: UUID
        var memberId: UUID
        var classSessionId: UUID
        var createdAt: Date
    }
}
