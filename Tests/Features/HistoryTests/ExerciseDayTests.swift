import FitCore
import FitTesting
import Foundation
import History
import Testing

/// Shared helpers for building history values in tests.
enum HistoryTestData {
    static let squat = Exercise(position: 1, name: "Squat", videoName: "squat", durationSeconds: 30)
    static let burpee = Exercise(position: 3, name: "Burpee", videoName: "burpee", durationSeconds: 30)

    static func date(_ text: String) -> Date { WireDate.date(from: text)! }

    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    static func completion(_ exercise: Exercise, at text: String) -> ExerciseCompletion {
        ExerciseCompletion(memberId: FitFixture.alice.id, exerciseId: exercise.id, completedAt: date(text))
    }
}

@Suite struct ExerciseDayTests {
    typealias Sample = HistoryTestData

    struct GroupingCase: Sendable, CustomTestStringConvertible {
        let name: String
        let zone: String
        let completions: [String]
        /// Newest day first: the day and how many exercises it holds.
        let days: [(String, Int)]
        var testDescription: String { name }
    }

    static let cases: [GroupingCase] = [
        GroupingCase(
            name: "midnight in New York", zone: "America/New_York",
            completions: ["2026-06-04T23:59:30-04:00", "2026-06-05T00:00:30-04:00", "2026-06-05T00:01:00-04:00"],
            days: [("2026-06-05", 2), ("2026-06-04", 1)]),
        GroupingCase(
            name: "spring forward in New York", zone: "America/New_York",
            completions: [
                "2026-03-07T23:30:00-05:00", "2026-03-08T00:30:00-05:00", "2026-03-08T03:30:00-04:00",
                "2026-03-08T23:30:00-04:00", "2026-03-09T00:15:00-04:00",
            ],
            days: [("2026-03-09", 1), ("2026-03-08", 3), ("2026-03-07", 1)]),
        GroupingCase(
            name: "clocks go forward in London", zone: "Europe/London",
            completions: [
                "2026-03-28T23:30:00Z", "2026-03-29T00:30:00Z", "2026-03-29T22:30:00Z", "2026-03-29T23:30:00Z",
            ],
            days: [("2026-03-30", 1), ("2026-03-29", 2), ("2026-03-28", 1)]),
        GroupingCase(
            name: "fall back in New York", zone: "America/New_York",
            completions: ["2026-11-01T00:30:00-04:00", "2026-11-01T01:30:00-05:00", "2026-11-01T23:59:00-05:00"],
            days: [("2026-11-01", 3)]),
    ]

    @Test(arguments: cases)
    func groupsByLocalDayNewestFirst(_ testCase: GroupingCase) {
        let completions = testCase.completions.reversed().map { Sample.completion(Sample.squat, at: $0) }
        let days = ExerciseDay.group(completions, exercises: [Sample.squat], calendar: Sample.calendar(testCase.zone))
        #expect(days.map(\.day.description) == testCase.days.map(\.0))
        #expect(days.map(\.entries.count) == testCase.days.map(\.1))
        for day in days {
            #expect(day.entries.map(\.completedAt) == day.entries.map(\.completedAt).sorted())
        }
    }

    @Test func theSameInstantsFallOnOtherDaysInUTC() {
        let completions = ["2026-03-08T23:30:00-04:00", "2026-03-09T00:15:00-04:00"].map {
            Sample.completion(Sample.squat, at: $0)
        }
        let newYork = ExerciseDay.group(
            completions, exercises: [Sample.squat], calendar: Sample.calendar("America/New_York"))
        let utc = ExerciseDay.group(completions, exercises: [Sample.squat], calendar: Sample.calendar("UTC"))
        #expect(
            newYork.map(\.day) == [
                CalendarDay(year: 2026, month: 3, day: 9), CalendarDay(year: 2026, month: 3, day: 8),
            ])
        #expect(utc.map(\.day) == [CalendarDay(year: 2026, month: 3, day: 9)])
    }

    @Test func simultaneousCompletionsAreOrderedByIdAsTheDatabaseOrdersThem() throws {
        let at = Sample.date("2026-06-04T10:00:00Z")
        let first = ExerciseCompletion(
            id: try #require(UUID(uuidString: "10000000-0000-4000-8000-000000000000")), memberId: FitFixture.alice.id,
            exerciseId: Sample.squat.id, completedAt: at)
        let second = ExerciseCompletion(
            id: try #require(UUID(uuidString: "F0000000-0000-4000-8000-000000000000")), memberId: FitFixture.alice.id,
            exerciseId: Sample.burpee.id, completedAt: at)
        let days = ExerciseDay.group(
            [second, first], exercises: [Sample.squat, Sample.burpee], calendar: Sample.calendar("UTC"))
        #expect(days.first?.exerciseNames == ["Squat", "Burpee"])
    }

    @Test func entriesNameTheirExerciseOrSayUnknown() {
        let gone = Exercise(position: 9, name: "Gone", videoName: "gone", durationSeconds: 30)
        let completions = [
            Sample.completion(Sample.squat, at: "2026-06-04T10:00:00Z"),
            Sample.completion(Sample.burpee, at: "2026-06-04T10:01:00Z"),
            Sample.completion(gone, at: "2026-06-04T10:02:00Z"),
        ]
        let days = ExerciseDay.group(
            completions, exercises: [Sample.squat, Sample.burpee], calendar: Sample.calendar("UTC"))
        #expect(days.first?.exerciseNames == ["Squat", "Burpee", "Unknown exercise"])
    }

    @Test(arguments: [
        ("America/New_York", "2026-03-07", 1, "2026-03-08"),
        ("America/New_York", "2026-03-09", -2, "2026-03-07"),
        ("Europe/London", "2026-03-29", -1, "2026-03-28"),
        ("UTC", "2026-12-31", 1, "2027-01-01"),
    ])
    func calendarDaysStepOverDSTChanges(zone: String, start: String, days: Int, expected: String) throws {
        let calendar = Sample.calendar(zone)
        let parts = start.split(separator: "-").compactMap { Int($0) }
        let day = CalendarDay(year: parts[0], month: parts[1], day: parts[2])
        #expect(day.adding(days: days, in: calendar).description == expected)
    }

    @Test func dayStartsAtLocalMidnight() {
        let day = CalendarDay(year: 2026, month: 3, day: 9)
        #expect(day.start(in: Sample.calendar("America/New_York")) == Sample.date("2026-03-09T00:00:00-04:00"))
        #expect(day.start(in: Sample.calendar("Europe/London")) == Sample.date("2026-03-09T00:00:00Z"))
    }
}
