import Booking
import FitCore
import FitStores
import Foundation

/// P3: display labels for 100k sessions, against the seed's way. The seed kept the start time as text and
/// parsed it with a new `ISO8601DateFormatter` for every parse; here the text is parsed with
/// `WireDate.date(from:)`. Both sides then build the same labels, with one `DisplayFormatter` per studio.
/// Goal: at least 50× faster on the median of `runs` runs, each timing both ways once on the same inputs.
enum P3LabelsBenchmark {
    static let sessionCount = 20_000
    static let runs = 5

    static func run() async throws -> Figure {
        let zones = WeekTimetable.timeZones
        let locale = Locale(identifier: "en_US")
        let formatters = zones.map { DisplayFormatter(locale: locale, timeZone: TimeZone(identifier: $0)!) }
        let base = Date(timeIntervalSince1970: 1_780_000_000)
        // As PostgREST sends a timestamptz: `2026-05-28T20:26:40+00:00`.
        let wireText = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().time(
            includingFractionalSeconds: false
        )
        .timeZone(separator: .colon)
        let inputs: [(session: BookableSession, startText: String, studio: Int)] = (0..<sessionCount).map { index in
            let studio = index % zones.count
            let start = base.addingTimeInterval(Double(index) * 300)
            let session = BookableSession(
                sessionId: UUID(), studioId: UUID(), name: "Class \(index)",
                instructorName: index % 7 == 0 ? nil : "Coach \(index % 13)", studioName: "Studio \(studio)",
                studioTimeZone: zones[studio], startTime: nil, durationMinutes: 30 + index % 4 * 15,
                capacity: 20, spotsRemaining: index % 11 == 0 ? nil : index % 20, creditCost: Decimal(1 + index % 3))
            return (session, wireText.format(start).replacingOccurrences(of: "Z", with: "+00:00"), studio)
        }

        func labels(_ session: BookableSession, start: Date?, formatter: DisplayFormatter) -> Int {
            var session = session
            session.startTime = start
            let dateTime = session.startDateTimeLabels(formatter: formatter)
            return session.spotsLabel.utf8.count + session.creditCostLabel.utf8.count
                + session.instructorLabel.utf8.count
                + session.durationLabel.utf8.count + dateTime.time.utf8.count + dateTime.date.utf8.count
        }

        func ours() -> Int {
            var total = 0
            for input in inputs {
                total &+= labels(
                    input.session, start: WireDate.date(from: input.startText), formatter: formatters[input.studio])
            }
            return total
        }
        func seeds() -> Int {
            var total = 0
            for input in inputs {
                let start = ISO8601DateFormatter().date(from: input.startText)
                total &+= labels(input.session, start: start, formatter: formatters[input.studio])
            }
            return total
        }

        // A first pass fills the formatters' memos, which both ways share.
        let expectedTotal = ours()
        var oursTimes: [Double] = []
        var seedTimes: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<runs {
            var oursTotal = 0
            var seedTotal = 0
            let oursTime = await Measure.time { oursTotal = ours() }
            let seedTime = await Measure.time { seedTotal = seeds() }
            guard oursTotal == expectedTotal, seedTotal == expectedTotal, oursTotal > sessionCount * 20 else {
                throw BenchmarkError(
                    "P3: the two ways built different labels (\(oursTotal) vs \(seedTotal) characters)")
            }
            oursTimes.append(oursTime)
            seedTimes.append(seedTime)
            ratios.append(seedTime / oursTime)
        }
        let ratio = Spread(ratios)
        return Figure(
            id: "P3",
            text:
                "P3 display labels for \(sessionCount) sessions (parse start text + spots/credits/instructor/duration/time/date): WireDate + DisplayFormatter \(Spread(oursTimes).milliseconds()) vs the seed's new ISO8601DateFormatter per parse \(Spread(seedTimes).milliseconds()) → median \(ratio.ratios()) faster",
            goal: "median ≥ 50× faster", met: ratio.median >= 50)
    }
}
