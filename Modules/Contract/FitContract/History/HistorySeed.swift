import FitCore
import Foundation
import History

/// History's rows of ``FitKitSeed``: the HIIT catalogue, Maya's last six days and Jordan's two mornings of
/// exercises, Maya's ratings and her two strength workouts.
enum HistorySeed {
    @Sendable static func write(_ seed: FitKitSeed, now: Date, using service: any DatabaseClient) async throws {
        // The catalogue is shared: it may exist already (another seed, a migration), so read back the ids it has.
        try await HistoryQueries(client: service).createExercises(ExerciseCatalogue.hiit)
        let exercises: [Exercise] = try await service.from("exercises").select().order("position").execute().value
        try await service.insertSeedRows(history(seed, now: now, exercises), into: "exercise_history")
        let ratings = [("Squat", 4), ("Burpee", 2)].compactMap { name, rating in
            exercises.first { $0.name == name }.map {
                RatingRow(
                    memberId: seed.maya.id, exerciseId: $0.id, rating: rating,
                    updatedAt: now.addingTimeInterval(-3 * 86_400))
            }
        }
        try await service.insertSeedRows(ratings, into: "exercise_ratings", onConflict: "member_id,exercise_id")
        try await service.insertSeedRows(workouts(seed, now: now), into: "workouts")
    }

    private static let london = TimeZone(identifier: "Europe/London")!
    private static let newYork = TimeZone(identifier: "America/New_York")!

    /// Maya's last six days in London: 4, 0, 2, 4, 1 and 3 exercises (today is left for the HIIT run); Jordan's two
    /// mornings in New York.
    private static func history(_ seed: FitKitSeed, now: Date, _ exercises: [Exercise]) -> [HistoryRow] {
        guard !exercises.isEmpty else { return [] }
        var rows: [HistoryRow] = []
        func add(_ member: UUID, _ zone: TimeZone, daysAgo: Int, count: Int) {
            for index in 0..<count {
                rows.append(
                    HistoryRow(
                        id: seed.id("415E0000", rows.count + 1), memberId: member,
                        exerciseId: exercises[index % exercises.count].id,
                        completedAt: FitKitSeed.localTime(
                            days: -daysAgo, hour: 7, minute: 30 + index, in: zone, now: now)))
            }
        }
        for (daysAgo, count) in [(1, 4), (2, 0), (3, 2), (4, 4), (5, 1), (6, 3)] {
            add(seed.maya.id, london, daysAgo: daysAgo, count: count)
        }
        add(seed.jordan.id, newYork, daysAgo: 1, count: 4)
        add(seed.jordan.id, newYork, daysAgo: 2, count: 2)
        return rows
    }

    private static func workouts(_ seed: FitKitSeed, now: Date) -> [WorkoutRow] {
        func sets(_ list: [(Int, Double, Int)]) -> [SetRow] {
            list.map { SetRow(reps: $0.0, weightKg: $0.1, restSeconds: $0.2) }
        }
        func workout(_ number: Int, _ title: String, daysAgo: Int, notes: String, _ exercises: [(String, [SetRow])])
            -> WorkoutRow
        {
            let performed = FitKitSeed.localTime(days: -daysAgo, hour: 18, minute: 15, in: london, now: now)
            return WorkoutRow(
                id: seed.id("A0C00000", number), memberId: seed.maya.id, title: title, performedAt: performed,
                notes: notes, exercises: exercises.map { ExerciseRow(name: $0.0, sets: $0.1) },
                createdAt: performed.addingTimeInterval(3600))
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

    private struct HistoryRow: Encodable, Sendable {
        var id: UUID
        var memberId: UUID
        var exerciseId: UUID
        var completedAt: Date
    }

    private struct RatingRow: Encodable, Sendable {
        var memberId: UUID
        var exerciseId: UUID
        var rating: Int
        var updatedAt: Date
    }

    private struct SetRow: Encodable, Sendable {
        var reps: Int
        var weightKg: Double
        var restSeconds: Int
    }

    private struct ExerciseRow: Encodable, Sendable {
        var name: String
        var sets: [SetRow]
    }

    private struct WorkoutRow: Encodable, Sendable {
        var id: UUID
        var memberId: UUID
        var title: String
        var performedAt: Date
        var notes: String
        var exercises: [ExerciseRow]
        var createdAt: Date
    }
}
