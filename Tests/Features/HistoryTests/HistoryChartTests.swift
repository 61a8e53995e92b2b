import FitCore
import FitStores
import FitTesting
import Foundation
import History
import Testing

@Suite struct HistoryChartTests {
    typealias Sample = HistoryTestData
    let formatter = DisplayFormatter(
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)

    @Test func oneBarPerDayForTheLastWeekAcrossTheDSTChange() {
        let completions = [
            Sample.completion(Sample.squat, at: "2026-03-03T12:00:00-05:00"),  // eight days back: not shown
            Sample.completion(Sample.squat, at: "2026-03-04T09:00:00-05:00"),
            Sample.completion(Sample.squat, at: "2026-03-08T00:30:00-05:00"),
            Sample.completion(Sample.burpee, at: "2026-03-08T23:30:00-04:00"),
            Sample.completion(Sample.squat, at: "2026-03-08T23:45:00-04:00"),
            Sample.completion(Sample.burpee, at: "2026-03-10T08:00:00-04:00"),
        ]
        let days = ExerciseDay.group(
            completions, exercises: [Sample.squat, Sample.burpee], calendar: formatter.calendar)
        let chart = HistoryChart(
            days: days, exercises: [Sample.burpee, Sample.squat], today: Sample.date("2026-03-10T21:00:00-04:00"),
            formatter: formatter)

        #expect(
            chart.bars.map(\.day.description) == [
                "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10",
            ])
        #expect(
            chart.bars.map(\.label) == [
                "Wed 4 Mar", "Thu 5 Mar", "Fri 6 Mar", "Sat 7 Mar", "Sun 8 Mar", "Mon 9 Mar", "Tue 10 Mar",
            ])
        #expect(chart.bars.map(\.total) == [1, 0, 0, 0, 3, 0, 1])
        #expect(chart.exerciseNames == ["Squat", "Burpee"])
        #expect(
            chart.bars[4].counts == [
                HistoryChart.ExerciseCount(name: "Squat", count: 2),
                HistoryChart.ExerciseCount(name: "Burpee", count: 1),
            ])
        #expect(chart.bars[1].counts.map(\.count) == [0, 0])
        #expect(chart.maximumTotal == 3)
    }

    @Test func todayIsTakenInTheFormattersTimeZone() {
        // 02:00 UTC on the 9th is still the 8th in New York.
        let chart = HistoryChart(
            days: [], exercises: [], today: Sample.date("2026-03-09T02:00:00Z"), formatter: formatter)
        #expect(chart.bars.last?.day == CalendarDay(year: 2026, month: 3, day: 8))
        #expect(chart.bars.count == 7)
        #expect(chart.maximumTotal == 1)
    }
}
