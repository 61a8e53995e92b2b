import Events
import FitCore
import Foundation
import History

/// Reads command-line values into domain values, with a ``DemoError`` naming the bad text.
enum ArgumentValues {
    /// A UUID; `kind` ("session", "booking", …) goes into the message.
    static func id(_ text: String, kind: String) throws(DemoError) -> UUID {
        guard let id = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
            throw .malformedID(text, kind: kind)
        }
        return id
    }

    /// `YYYY-MM-DD` (midnight) or `YYYY-MM-DDTHH:MM` in `timeZone`, or ISO 8601 with a zone.
    static func date(_ text: String, timeZone: TimeZone) throws(DemoError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let numbers = trimmed.split(whereSeparator: { "-T :".contains($0) }).map { Int($0) }
        let isLocal = (trimmed.utf8.count == 10 || trimmed.utf8.count == 16) && numbers.allSatisfy { $0 != nil }
        if isLocal, numbers.count == 3 || numbers.count == 5 {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = DateComponents(
                year: numbers[0], month: numbers[1], day: numbers[2],
                hour: numbers.count == 5 ? numbers[3] : 0, minute: numbers.count == 5 ? numbers[4] : 0)
            guard let date = calendar.date(from: parts) else { throw .badDate(text) }
            // Calendar rolls 2026-02-30 over to March: only accept dates that read back the same.
            let back = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            guard back.year == parts.year, back.month == parts.month, back.day == parts.day, back.hour == parts.hour,
                back.minute == parts.minute
            else { throw .badDate(text) }
            return date
        }
        guard trimmed.utf8.count > 16, let date = WireDate.date(from: trimmed) else { throw .badDate(text) }
        return date
    }

    /// `#RRGGBBAA`, either case.
    static func color(_ text: String) throws(DemoError) -> RGBAColor {
        do { return try RGBAColor(hex: text) } catch { throw .badColor(text) }
    }

    /// A rating from 1 to 5.
    static func rating(_ text: String) throws(DemoError) -> Int {
        guard let value = Int(text), ExerciseRating.range.contains(value) else { throw .badRating(text) }
        return value
    }

    /// `NAME:REPSxKG[@REST],…`, e.g. `Deadlift:5x100,5x100@180` (rest defaults to 90 s).
    static func exercise(_ text: String) throws(DemoError) -> WorkoutExercise {
        let halves = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard halves.count == 2, !halves[0].isEmpty else { throw .badSets(text) }
        var sets: [WorkoutSet] = []
        for item in halves[1].split(separator: ",") {
            let restParts = item.split(separator: "@").map { $0.trimmingCharacters(in: .whitespaces) }
            let load = restParts[0].lowercased().replacingOccurrences(of: "kg", with: "").split(separator: "x")
            guard restParts.count <= 2, load.count == 2, let reps = Int(load[0]), let weight = Double(load[1]),
                reps >= 1, weight >= 0, weight.isFinite
            else { throw .badSets(text) }
            var rest = 90
            if restParts.count == 2 {
                guard let seconds = Int(restParts[1].replacingOccurrences(of: "s", with: "")), seconds >= 0 else {
                    throw .badSets(text)
                }
                rest = seconds
            }
            sets.append(WorkoutSet(reps: reps, weightKg: weight, restSeconds: rest))
        }
        guard !sets.isEmpty else { throw .badSets(text) }
        return WorkoutExercise(name: halves[0], sets: sets)
    }
}
