import FitCore
import FitStores
import Foundation

/// The history chart: one bar per day for the last days (7 by default, oldest first, today last), each
/// split into counts per exercise, so a screen can draw stacked bars with a legend.
///
/// Days are taken from the formatter's calendar: build the formatter with the member's time zone, the same
/// zone the ``ExerciseDay``s were grouped in.
public struct HistoryChart: Sendable, Hashable {
    /// One exercise's share of a bar.
    public struct ExerciseCount: Sendable, Hashable {
        /// The exercise's name, as in ``HistoryChart/exerciseNames``.
        public var name: String
        /// How many times it was finished that day; 0 when not at all.
        public var count: Int

        /// Creates one exercise's share of a bar.
        ///
        /// - Parameters:
        ///   - name: The exercise's name.
        ///   - count: How many times it was finished that day.
        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// One day's bar.
    public struct Bar: Sendable, Hashable, Identifiable {
        /// The day the bar stands for, in the formatter's time zone.
        public var day: CalendarDay
        /// `Sun 8 Mar`.
        public var label: String
        /// Exercises done that day.
        public var total: Int
        /// In ``HistoryChart/exerciseNames`` order, zeros included, so stacks line up across bars.
        public var counts: [ExerciseCount]

        /// Creates a bar.
        ///
        /// - Parameters:
        ///   - day: The day.
        ///   - label: The day as the axis shows it (`Sun 8 Mar`).
        ///   - total: The exercises done that day.
        ///   - counts: One count per legend name, in legend order.
        public init(day: CalendarDay, label: String, total: Int, counts: [ExerciseCount]) {
            self.day = day
            self.label = label
            self.total = total
            self.counts = counts
        }

        /// The bar's day: a chart has one bar per day.
        public var id: CalendarDay { day }
    }

    /// Oldest first; the last bar is today.
    public let bars: [Bar]
    /// The legend: catalogue names in page order, then any other names found in the days.
    public let exerciseNames: [String]

    /// The tallest bar (at least 1, so a screen can divide by it).
    public var maximumTotal: Int { max(1, bars.map(\.total).max() ?? 0) }

    /// - Parameters:
    ///   - days: the member's history (any order).
    ///   - exercises: the catalogue, for the legend order.
    ///   - today: now; its day in the formatter's zone is the last bar.
    ///   - formatter: labels and the calendar days are computed in.
    ///   - dayCount: how many bars.
    public init(
        days: [ExerciseDay], exercises: [Exercise], today: Date, formatter: DisplayFormatter, dayCount: Int = 7
    ) {
        let calendar = formatter.calendar
        var names = exercises.sorted { $0.position < $1.position }.map(\.name)
        var seen = Set(names)
        for day in days {
            for name in day.exerciseNames where seen.insert(name).inserted { names.append(name) }
        }
        var byDay: [CalendarDay: ExerciseDay] = [:]
        for day in days { byDay[day.day] = day }
        let lastDay = CalendarDay(containing: today, in: calendar)
        bars = (0..<max(0, dayCount)).reversed().map { back in
            let day = lastDay.adding(days: -back, in: calendar)
            let entries = byDay[day]?.entries ?? []
            var counts: [String: Int] = [:]
            for entry in entries { counts[entry.name, default: 0] += 1 }
            return Bar(
                day: day, label: formatter.shortDate(day.start(in: calendar)), total: entries.count,
                counts: names.map { ExerciseCount(name: $0, count: counts[$0] ?? 0) })
        }
        exerciseNames = names
    }
}
