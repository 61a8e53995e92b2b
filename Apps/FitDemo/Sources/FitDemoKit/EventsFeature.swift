import Events
import FitCore
import Foundation

/// One line of `events list --json`: the event and its relative label at "now".
struct EventReport: Encodable {
    var id: UUID
    var title: String
    var date: Date
    var textColor: String
    var relativeDate: String
    var isPast: Bool
}

extension DemoContext {
    /// A loaded ``EventsStore`` for the member.
    func loadEvents() async throws -> EventsStore {
        let store = EventsStore(queries: EventsQueries(client: client), clock: environment.clock, now: environment.now)
        await store.load()
        if let error = store.error { throw error }
        return store
    }

    /// `events list`: soonest first, with "in 5 days" / "2 days ago" labels.
    func showEvents(_ store: EventsStore) throws {
        let rows = store.rows(formatter: memberFormatter)
        if json {
            let events = Dictionary(uniqueKeysWithValues: store.events.map { ($0.id, $0) })
            return try emitJSON(
                rows.map { row in
                    EventReport(
                        id: row.id, title: row.title, date: events[row.id]?.date ?? now, textColor: row.textColor.hex,
                        relativeDate: row.relativeDate, isPast: row.isPast)
                })
        }
        if rows.isEmpty { output.line("  No events yet: add one with `fit-demo events add TITLE --date YYYY-MM-DD`.") }
        let dates = Dictionary(uniqueKeysWithValues: store.events.map { ($0.id, $0.date) })
        for row in rows {
            let date = dates[row.id].map { memberFormatter.shortDate($0) } ?? "—"
            output.line(
                "  " + TextLayout.column(row.title, 22) + " " + TextLayout.column(row.relativeDate, 14) + " "
                    + TextLayout.column(date, 11) + " " + row.textColor.hex + (row.isPast ? "  (past)" : "") + "  "
                    + row.id.lowercased)
        }
    }

    /// Prints one stored event.
    func printEvent(_ verb: String, _ event: Event) throws {
        if json {
            return try emitJSON(
                EventReport(
                    id: event.id, title: event.title, date: event.date, textColor: event.textColor.hex,
                    relativeDate: memberFormatter.relative(event.date, to: now), isPast: event.date < now))
        }
        output.line(
            "\(verb) “\(event.title)” on \(memberFormatter.shortDate(event.date)) at \(memberFormatter.time(event.date)) (\(memberFormatter.relative(event.date, to: now))) · \(event.id.lowercased)"
        )
    }
}
