import Foundation
import History

/// `--exercise NAME:REPSxKG[@REST],…`, e.g. `Deadlift:5x100,5x100@180` (rest defaults to 90 s).
extension WorkoutExercise: DemoArgument {
    init(parsing text: String) throws(DemoError) {
        let halves = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard halves.count == 2, !halves[0].isEmpty else { throw .badSets(text) }
        var sets: [WorkoutSet] = []
        for item in halves[1].split(separator: ",") {
            guard let set = Self.workoutSet(item) else { throw .badSets(text) }
            sets.append(set)
        }
        guard !sets.isEmpty else { throw .badSets(text) }
        self.init(name: halves[0], sets: sets)
    }

    /// One `REPSxKG[@REST]` item (`kg` and `s` allowed), or `nil` when it is not one.
    private static func workoutSet(_ item: Substring) -> WorkoutSet? {
        let restParts = item.split(separator: "@").map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...2).contains(restParts.count) else { return nil }
        let load = restParts[0].lowercased().replacingOccurrences(of: "kg", with: "").split(separator: "x")
        guard load.count == 2, let reps = Int(load[0]), let weight = Double(load[1]),
            reps >= 1, weight >= 0, weight.isFinite
        else { return nil }
        var rest = 90
        if restParts.count == 2 {
            guard let seconds = Int(restParts[1].replacingOccurrences(of: "s", with: "")), seconds >= 0 else {
                return nil
            }
            rest = seconds
        }
        return WorkoutSet(reps: reps, weightKg: weight, restSeconds: rest)
    }
}
