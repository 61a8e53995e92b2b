import FitCore
import Foundation
import History

/// What `history --json` prints: the chart's bars, oldest first.
struct HistoryReport: Encodable {
    struct Bar: Encodable {
        var day: String
        var label: String
        var total: Int
        var counts: [String: Int]
    }

    var timeZone: String
    var exercises: [String]
    var bars: [Bar]
}

extension DemoContext {
    /// The last seven days in the member's time zone, through ``HistoryStore`` and ``HistoryChart``.
    func loadHistoryChart() async throws -> HistoryChart {
        let store = HistoryStore(
            queries: HistoryQueries(client: client), timeZone: memberTimeZone, now: environment.now)
        await store.load()
        if let error = store.error { throw error }
        return HistoryChart(days: store.days, exercises: store.exercises, today: now, formatter: memberFormatter)
    }

    /// `history`: one stacked bar per day, one block pair per exercise done, shaded by exercise.
    func showHistory() async throws {
        let chart = try await loadHistoryChart()
        if json {
            return try emitJSON(
                HistoryReport(
                    timeZone: member.timeZone, exercises: chart.exerciseNames,
                    bars: chart.bars.map { bar in
                        HistoryReport.Bar(
                            day: bar.day.description, label: bar.label, total: bar.total,
                            counts: Dictionary(bar.counts.map { ($0.name, $0.count) }, uniquingKeysWith: +))
                    }))
        }
        for line in Self.chartLines(chart) { output.line(line) }
    }

    private static let shades = ["██", "▓▓", "▒▒", "░░", "▞▞", "▚▚"]

    /// The chart as text, oldest day first, today last.
    static func chartLines(_ chart: HistoryChart) -> [String] {
        var lines = chart.bars.enumerated().map { index, bar in
            let blocks = bar.counts.enumerated().map { position, count in
                String(repeating: shades[position % shades.count], count: count.count)
            }.joined()
            let today = index == chart.bars.count - 1 ? "  (today)" : ""
            return "  " + TextLayout.column(bar.label, 10) + " │" + blocks + (bar.total > 0 ? " " : "") + "\(bar.total)"
                + today
        }
        let legend = chart.exerciseNames.enumerated().map { "\(shades[$0.offset % shades.count]) \($0.element)" }
        lines.append("  " + TextLayout.column("", 10) + "   " + legend.joined(separator: "  "))
        return lines
    }
}
