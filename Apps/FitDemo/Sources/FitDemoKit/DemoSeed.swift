import Booking
import Events
import FitCore
import FitInMemory
import Foundation
import History
import Members

/// The believable studio behind `swift run fit-demo`: two studios in different time zones, a week of
/// classes around "now" (one nearly full, one full, one cancelled), three members with credits (some
/// expiring within 14 days), events, exercise history, ratings and strength workouts.
///
/// Everything is written through a service-role client, as a back office would, so the same seed works on
/// any backend (``seed(using:now:)``). Ids are fixed, so documentation can name a member or a class
/// (`fit-demo book 5e550000-0000-4000-8000-000000000001`); times are relative to `now`.
public enum DemoSeed {
    // MARK: Studios

    /// "Shoreditch Studio", `Europe/London`.
    public static let londonStudioId = fixedID("57D10000", 1)
    /// "Brooklyn Loft", `America/New_York`.
    public static let newYorkStudioId = fixedID("57D10000", 2)

    // MARK: Members

    /// The default member of the demo: London, 18 credits (5 of them expire in 9 days), one booking.
    public static let maya = Member(
        id: fixedID("3E3B0000", 1), displayName: "Maya Thompson", email: "maya@fitkit.example",
        timeZone: "Europe/London")
    /// New York, 10 credits (2 expire in 6 days), booked into the nearly full and the full class.
    public static let jordan = Member(
        id: fixedID("3E3B0000", 2), displayName: "Jordan Lee", email: "jordan@fitkit.example",
        timeZone: "America/New_York")
    /// London, 6 credits, all expiring in 12 days; booked like Jordan.
    public static let priya = Member(
        id: fixedID("3E3B0000", 3), displayName: "Priya Shah", email: "priya@fitkit.example", timeZone: "Europe/London")
    /// The three members, the default (Maya) first.
    public static let members = [maya, jordan, priya]

    // MARK: Classes with a part to play

    /// "Reformer Pilates", London, the day after tomorrow at 6:30 PM: the class the tour books and keeps.
    public static let reformerPilates = fixedID("5E550000", 1)
    /// "Spin & Core", London, in three days at 12:30 PM: booked and cancelled with a full refund.
    public static let spinAndCore = fixedID("5E550000", 2)
    /// "Express HIIT", New York, about three hours from now: inside the 12-hour window, so no refund.
    public static let expressHIIT = fixedID("5E550000", 3)
    /// "Sunrise Yoga", New York, tomorrow at 6:30 AM: capacity 3, two taken, one spot left.
    public static let sunriseYoga = fixedID("5E550000", 4)
    /// "Hot Yoga", London, tomorrow at 7:30 PM: capacity 2, full.
    public static let hotYoga = fixedID("5E550000", 5)
    /// "Boxing Basics", New York, in four days at 7:00 PM: cancelled by the studio.
    public static let boxingBasics = fixedID("5E550000", 6)
    /// "Vinyasa Flow", London, tomorrow at 12:30 PM: Maya has booked it.
    public static let vinyasaFlow = fixedID("5E550000", 7)
    /// Maya's booking of ``vinyasaFlow``.
    public static let mayaVinyasaBooking = fixedID("B0000000", 1)

    // MARK: Installing

    /// Writes the seed through `service` (a client acting as the service role) on a database whose schema
    /// exists and that has no seed yet: the in-memory database, or PostgreSQL with `Backend/migrations`.
    public static func seed(using service: some DatabaseClient, now: Date) async throws {
        let now = wholeSecond(now)
        try await service.from("members").insert(members).execute()
        try await service.from("studios").insert(studioRows).execute()
        try await service.from("class_sessions").insert(JSONValue.array(sessionRows(now: now))).execute()
        try await service.from("bookings").insert(JSONValue.array(bookingRows(now: now))).execute()
        try await service.from("credit_ledger").insert(JSONValue.array(ledgerRows(now: now))).execute()
        try await service.from("events").insert(JSONValue.array(eventRows(now: now))).execute()
        // The catalogue may already exist (another seed, or a migration): read back the ids it has.
        try await HistoryQueries(client: service).createExercises(ExerciseCatalogue.hiit)
        let exercises: [Exercise] = try await service.from("exercises").select().order("position").execute().value
        try await service.from("exercise_history").insert(JSONValue.array(historyRows(now: now, exercises: exercises)))
            .execute()
        try await service.from("exercise_ratings").insert(JSONValue.array(ratingRows(now: now, exercises: exercises)))
            .execute()
        try await service.from("workouts").insert(JSONValue.array(workoutRows(now: now))).execute()
    }

    // MARK: Rows

    private static let studioRows: JSONValue = [
        ["id": .string(londonStudioId.uuidString), "name": "Shoreditch Studio", "time_zone": "Europe/London"],
        ["id": .string(newYorkStudioId.uuidString), "name": "Brooklyn Loft", "time_zone": "America/New_York"],
    ]

    private struct ClassPlan {
        var id: UUID
        var studio: UUID
        var name: String
        var description: String
        var instructor: String
        var startsAt: Date
        var minutes: Int
        var capacity: Int
        var cost: Decimal
        var cancelled: Bool = false
    }

    private static let londonZone = TimeZone(identifier: "Europe/London")!
    private static let newYorkZone = TimeZone(identifier: "America/New_York")!

    /// The featured classes, then a regular week: two classes a day in each studio, from today.
    private static func sessionRows(now: Date) -> [JSONValue] {
        func local(_ days: Int, _ hour: Int, _ minute: Int, _ zone: TimeZone) -> Date {
            localTime(days: days, hour: hour, minute: minute, in: zone, now: now)
        }
        // Three hours ahead, on the next quarter hour.
        let soon = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 + 3 * 3600) / 900).rounded(.up) * 900)
        var plans = [
            ClassPlan(
                id: reformerPilates, studio: londonStudioId, name: "Reformer Pilates",
                description: "Spring-loaded reformers for a long, strong core. All levels.", instructor: "Amara Okafor",
                startsAt: local(2, 18, 30, londonZone), minutes: 50, capacity: 8, cost: 3),
            ClassPlan(
                id: spinAndCore, studio: londonStudioId, name: "Spin & Core",
                description: "30 minutes on the bike, 15 on the mat.", instructor: "Tom Reid",
                startsAt: local(3, 12, 30, londonZone), minutes: 45, capacity: 14, cost: 2),
            ClassPlan(
                id: expressHIIT, studio: newYorkStudioId, name: "Express HIIT",
                description: "Thirty minutes, four moves, no rest you don't earn.", instructor: "Dana Cruz",
                startsAt: soon, minutes: 30, capacity: 12, cost: 1.5),
            ClassPlan(
                id: sunriseYoga, studio: newYorkStudioId, name: "Sunrise Yoga",
                description: "Slow flow to wake up with.", instructor: "Ken Ito",
                startsAt: local(1, 6, 30, newYorkZone), minutes: 60, capacity: 3, cost: 2),
            ClassPlan(
                id: hotYoga, studio: londonStudioId, name: "Hot Yoga",
                description: "Heated room, bring water.", instructor: "Amara Okafor",
                startsAt: local(1, 19, 30, londonZone), minutes: 60, capacity: 2, cost: 2),
            ClassPlan(
                id: boxingBasics, studio: newYorkStudioId, name: "Boxing Basics",
                description: "Footwork, jab, cross. Gloves provided.", instructor: "Ray Moreno",
                startsAt: local(4, 19, 0, newYorkZone), minutes: 45, capacity: 10, cost: 2, cancelled: true),
            ClassPlan(
                id: vinyasaFlow, studio: londonStudioId, name: "Vinyasa Flow",
                description: "Breath-led flow, strong finish.", instructor: "Lena Fischer",
                startsAt: local(1, 12, 30, londonZone), minutes: 60, capacity: 16, cost: 2),
        ]
        let london = [
            "Morning Spin", "Barre Burn", "Power Yoga", "Kettlebell Club", "Pilates Mat", "Strength 45",
            "Stretch & Mobility",
        ]
        let newYork = ["Cycle Beats", "Bootcamp", "Yoga Sculpt", "Row & Ride", "Core Blast", "Dance Cardio", "Restore"]
        let coaches = ["Tom Reid", "Lena Fischer", "Dana Cruz", "Ken Ito", "Amara Okafor", "Ray Moreno"]
        var number = 100
        for day in 0..<7 {
            let slots: [(UUID, [String], TimeZone, Int, Int)] = [
                (londonStudioId, london, londonZone, 7, 0), (londonStudioId, london, londonZone, 18, 0),
                (newYorkStudioId, newYork, newYorkZone, 7, 30), (newYorkStudioId, newYork, newYorkZone, 18, 30),
            ]
            for (index, (studio, names, zone, hour, minute)) in slots.enumerated() {
                number += 1
                plans.append(
                    ClassPlan(
                        id: fixedID("5E550000", number), studio: studio, name: names[(day * 2 + index) % names.count],
                        description: "A studio favourite.", instructor: coaches[(day + index) % coaches.count],
                        startsAt: local(day, hour, minute, zone), minutes: 45, capacity: 12 + (day + index) % 3 * 2,
                        cost: index % 2 == 0 ? 2 : 2.5))
            }
        }
        return plans.map { plan in
            [
                "id": .string(plan.id.uuidString), "studio_id": .string(plan.studio.uuidString),
                "name": .string(plan.name),
                "description": .string(plan.description), "instructor_name": .string(plan.instructor),
                "starts_at": wire(plan.startsAt), "duration_minutes": .number(Decimal(plan.minutes)),
                "capacity": .number(Decimal(plan.capacity)), "credit_cost": .number(plan.cost),
                "cancelled_at": plan.cancelled ? wire(now.addingTimeInterval(-86_400)) : .null,
            ]
        }
    }

    private static let bookings: [(id: UUID, member: UUID, session: UUID, cost: Decimal)] = [
        (mayaVinyasaBooking, maya.id, vinyasaFlow, 2),
        (fixedID("B0000000", 2), jordan.id, sunriseYoga, 2),
        (fixedID("B0000000", 3), priya.id, sunriseYoga, 2),
        (fixedID("B0000000", 4), jordan.id, hotYoga, 2),
        (fixedID("B0000000", 5), priya.id, hotYoga, 2),
    ]

    private static func bookingRows(now: Date) -> [JSONValue] {
        bookings.enumerated().map { index, booking in
            [
                "id": .string(booking.id.uuidString), "member_id": .string(booking.member.uuidString),
                "class_session_id": .string(booking.session.uuidString), "status": "active",
                "created_at": wire(now.addingTimeInterval(Double(-86_400 * (index + 1)))),
            ]
        }
    }

    /// Purchases (some expiring within 14 days) and the debits of the seeded bookings.
    private static func ledgerRows(now: Date) -> [JSONValue] {
        let day: TimeInterval = 86_400
        func purchase(_ number: Int, _ member: Member, _ amount: Decimal, daysAgo: Double, expiresIn: Double?)
            -> JSONValue
        {
            [
                "id": .string(fixedID("1ED6E000", number).uuidString), "member_id": .string(member.id.uuidString),
                "amount": .number(amount), "reason": "purchase",
                "expires_at": expiresIn.map { wire(now.addingTimeInterval($0 * day)) } ?? .null,
                "created_at": wire(now.addingTimeInterval(-daysAgo * day)),
            ]
        }
        var rows = [
            purchase(1, maya, 15, daysAgo: 30, expiresIn: nil),
            purchase(2, maya, 5, daysAgo: 20, expiresIn: 9),
            purchase(3, jordan, 12, daysAgo: 14, expiresIn: nil),
            purchase(4, jordan, 2, daysAgo: 7, expiresIn: 6),
            purchase(5, priya, 10, daysAgo: 18, expiresIn: 12),
        ]
        for (index, booking) in bookings.enumerated() {
            rows.append([
                "id": .string(fixedID("1ED6E000", 100 + index).uuidString),
                "member_id": .string(booking.member.uuidString),
                "amount": .number(-booking.cost), "reason": "booking", "booking_id": .string(booking.id.uuidString),
                "created_at": wire(now.addingTimeInterval(Double(-86_400 * (index + 1)))),
            ])
        }
        return rows
    }

    private static func eventRows(now: Date) -> [JSONValue] {
        let day: TimeInterval = 86_400
        func event(_ number: Int, _ member: Member, _ title: String, _ offset: TimeInterval, _ color: String)
            -> JSONValue
        {
            [
                "id": .string(fixedID("E7E70000", number).uuidString), "member_id": .string(member.id.uuidString),
                "title": .string(title), "date": wire(now.addingTimeInterval(offset)), "text_color": .string(color),
                "image_data": .null,
            ]
        }
        return [
            event(1, maya, "Half marathon", 23 * day, "#E4572EFF"),
            event(2, maya, "Mum's birthday", 5 * day + 3 * 3600, "#7B2CBFFF"),
            event(3, maya, "Studio summer party", 12 * day, "#2A9D8FFF"),
            event(4, maya, "Physio check-in", -2 * day, "#000000FF"),
            event(5, jordan, "Brooklyn 10K", 9 * day, "#1D3557FF"),
            event(6, priya, "Yoga retreat", 40 * day, "#F4A261FF"),
        ]
    }

    /// Maya's last six days in London: 4, 0, 2, 4, 1 and 3 exercises (today is left for the HIIT run);
    /// Jordan's two mornings in New York.
    private static func historyRows(now: Date, exercises: [Exercise]) -> [JSONValue] {
        guard !exercises.isEmpty else { return [] }
        var rows: [JSONValue] = []
        func add(_ member: Member, zone: TimeZone, daysAgo: Int, count: Int) {
            for index in 0..<count {
                let exercise = exercises[index % exercises.count]
                let completed = localTime(days: -daysAgo, hour: 7, minute: 30 + index, in: zone, now: now)
                rows.append([
                    "id": .string(fixedID("415E0000", rows.count + 1).uuidString),
                    "member_id": .string(member.id.uuidString),
                    "exercise_id": .string(exercise.id.uuidString), "completed_at": wire(completed),
                ])
            }
        }
        for (daysAgo, count) in [(1, 4), (2, 0), (3, 2), (4, 4), (5, 1), (6, 3)] {
            add(maya, zone: londonZone, daysAgo: daysAgo, count: count)
        }
        add(jordan, zone: newYorkZone, daysAgo: 1, count: 4)
        add(jordan, zone: newYorkZone, daysAgo: 2, count: 2)
        return rows
    }

    /// Maya rated Squat 4 and Burpee 2.
    private static func ratingRows(now: Date, exercises: [Exercise]) -> [JSONValue] {
        let ratings = [("Squat", 4), ("Burpee", 2)]
        return ratings.compactMap { name, rating in
            guard let exercise = exercises.first(where: { $0.name == name }) else { return nil }
            return [
                "member_id": .string(maya.id.uuidString), "exercise_id": .string(exercise.id.uuidString),
                "rating": .number(Decimal(rating)), "updated_at": wire(now.addingTimeInterval(-3 * 86_400)),
            ]
        }
    }

    private static func workoutRows(now: Date) -> [JSONValue] {
        func sets(_ list: [(Int, Double, Int)]) -> JSONValue {
            .array(
                list.map { reps, weight, rest in
                    [
                        "reps": .number(Decimal(reps)), "weight_kg": .number(Decimal(weight)),
                        "rest_seconds": .number(Decimal(rest)),
                    ]
                })
        }
        func workout(_ number: Int, _ title: String, daysAgo: Int, notes: String, _ exercises: [(String, JSONValue)])
            -> JSONValue
        {
            let performed = localTime(days: -daysAgo, hour: 18, minute: 15, in: londonZone, now: now)
            return [
                "id": .string(fixedID("A0C00000", number).uuidString), "member_id": .string(maya.id.uuidString),
                "title": .string(title), "performed_at": wire(performed), "notes": .string(notes),
                "exercises": .array(exercises.map { ["name": .string($0.0), "sets": $0.1] }),
                "created_at": wire(performed.addingTimeInterval(3600)),
            ]
        }
        return [
            workout(
                1, "Upper Body Push", daysAgo: 2, notes: "Bench felt strong.",
                [
                    ("Bench Press", sets([(8, 60, 120), (8, 60, 120), (6, 65, 120)])),
                    ("Overhead Press", sets([(10, 30, 90), (10, 30, 90), (8, 32.5, 90)])),
                ]),
            workout(
                2, "Leg Day", daysAgo: 5, notes: "",
                [
                    ("Back Squat", sets([(5, 80, 180), (5, 80, 180), (5, 80, 180)])),
                    ("Romanian Deadlift", sets([(10, 60, 90), (10, 60, 90)])),
                ]),
        ]
    }

    // MARK: Helpers

    /// `PPPPPPPP-0000-4000-8000-NNNNNNNNNNNN`: a readable fixed id.
    private static func fixedID(_ prefix: String, _ number: Int) -> UUID {
        let digits = String(number)
        return UUID(
            uuidString: "\(prefix)-0000-4000-8000-\(String(repeating: "0", count: 12 - digits.count))\(digits)")!
    }

    /// `hour:minute` local time in `zone`, `days` days after today (in that zone).
    private static func localTime(days: Int, hour: Int, minute: Int, in zone: TimeZone, now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.startOfDay(for: now)
        let day = calendar.date(byAdding: .day, value: days, to: today) ?? today
        return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) ?? day
    }

    /// Whole seconds, so the same seed reads back identically from every backend.
    private static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    private static func wire(_ date: Date) -> JSONValue { .string(WireDate.string(from: date)) }
}
