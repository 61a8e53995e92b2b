import FitCore
import Foundation
import History

/// One exercise's rating in `rate --json`.
struct RatingReport: Encodable {
    var exercise: String
    var exerciseId: UUID
    var rating: Int?
    var label: String
    var symbols: String
}

extension DemoContext {
    /// The catalogue, in page order.
    func loadExercises() async throws -> [Exercise] {
        let exercises = try await HistoryQueries(client: client).getExercises()
        guard !exercises.isEmpty else { throw DemoError.notSeeded("exercises") }
        return exercises
    }

    /// An exercise by name (any case, spaces and hyphens ignored), page number or id.
    func findExercise(_ text: String, in exercises: [Exercise]) throws -> Exercise {
        func key(_ name: String) -> String { name.lowercased().filter { $0.isLetter || $0.isNumber } }
        let match = exercises.first { exercise in
            if let id = UUID(uuidString: text) { return exercise.id == id }
            if let position = Int(text) { return exercise.position == position }
            return key(exercise.name) == key(text)
        }
        guard let match else { throw DemoError.unknownExercise(text, known: exercises.map(\.name)) }
        return match
    }

    /// A loaded ``RatingsStore``.
    func loadRatings() async throws -> RatingsStore {
        let store = RatingsStore(queries: RatingsQueries(client: client), now: environment.now)
        await store.load()
        if let error = store.error { throw error }
        return store
    }

    /// `rate <exercise> <1-5>`: saves the rating, then shows every exercise's rating.
    func rate(_ exerciseText: String, _ value: Int) async throws {
        let exercises = try await loadExercises()
        let exercise = try findExercise(exerciseText, in: exercises)
        let store = try await loadRatings()
        try await store.rate(value, exerciseId: exercise.id)
        if !json { output.line("Rated \(exercise.name) \(store.rating(for: exercise.id).label).") }
        try printRatings(store, exercises: exercises)
    }

    /// Every exercise with five symbols, the first `rating` of them lit: `Squat   ★★★★☆  4 of 5`.
    func printRatings(_ store: RatingsStore, exercises: [Exercise]) throws {
        let reports = exercises.map { exercise in
            let rating = store.rating(for: exercise.id)
            return RatingReport(
                exercise: exercise.name, exerciseId: exercise.id, rating: rating.value, label: rating.label,
                symbols: rating.litSymbols.map { $0 ? "★" : "☆" }.joined())
        }
        if json { return try emitJSON(reports) }
        for report in reports {
            output.line("  " + TextLayout.column(report.exercise, 11) + " " + report.symbols + "  " + report.label)
        }
    }
}
