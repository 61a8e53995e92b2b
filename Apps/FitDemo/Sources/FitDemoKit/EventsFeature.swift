import Events
import FitCore
import Foundation
import SessionDetails

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

    /// `events add`: a new event through ``EventForm`` and ``EventsStore``. With `classId` the form starts as a
    /// countdown to that class (its name and start); `title`, `date` and `color` override what they give.
    func addEvent(title: String?, date: DateArgument?, color: RGBAColor?, countingDownTo classId: UUID?)
        async throws -> Event
    {
        var form = EventForm(mode: .add, defaultDate: now)
        if let classId {
            let countdown = Event(calendarEntry: try await bookedClassEntry(classId))
            form.title = countdown.title
            form.date = countdown.date
        }
        try fill(&form, title: title, date: date, color: color)
        let store = try await loadEvents()
        return try await store.add(try form.save())
    }

    /// `events edit`: changes the fields given, through ``EventForm`` and ``EventsStore``.
    func editEvent(_ id: UUID, title: String?, date: DateArgument?, color: RGBAColor?) async throws -> Event {
        let store = try await loadEvents()
        var form = EventForm(mode: .edit(try event(id, in: store)), defaultDate: now)
        try fill(&form, title: title, date: date, color: color)
        return try await store.update(try form.save())
    }

    /// `events delete`: deletes the event through ``EventsStore`` and says how many are left.
    func deleteEvent(_ id: UUID) async throws {
        let store = try await loadEvents()
        let deleted = try event(id, in: store)
        try await store.delete(id: id)
        if json { return try emitJSON(["deleted": id]) }
        output.line("Deleted “\(deleted.title)” · \(store.events.count) events left")
    }

    /// The member's event `id` among the loaded ones.
    private func event(_ id: UUID, in store: EventsStore) throws -> Event {
        guard let event = store.events.first(where: { $0.id == id }) else { throw DemoError.unknownEvent(id) }
        return event
    }

    /// Class session `id` as something to count down to, through ``SessionDetailsQueries``.
    private func bookedClassEntry(_ id: UUID) async throws -> BookedClassEntry {
        guard let session = try await SessionDetailsQueries(client: client).getSession(id: id),
            let entry = BookedClassEntry(session)
        else { throw DemoError.unknownSession(id) }
        return entry
    }

    /// Puts what the command line gave into `form`; a wall-clock date is read in the member's time zone.
    private func fill(_ form: inout EventForm, title: String?, date: DateArgument?, color: RGBAColor?) throws {
        if let title { form.title = title }
        if let date { form.date = try date.date(in: memberTimeZone) }
        if let color { form.textColor = color }
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
        let dateTexts = rows.map { row in dates[row.id].map { memberFormatter.shortDate($0) } ?? "—" }
        // 11 wide, or as wide as the longest date in a language with longer ones (`Fr. 11. Dez.`).
        let dateWidth = max(11, dateTexts.map(\.count).max() ?? 0)
        for (row, date) in zip(rows, dateTexts) {
            output.line(
                "  " + TextLayout.column(row.title, 22) + " " + TextLayout.column(row.relativeDate, 14) + " "
                    + TextLayout.column(date, dateWidth) + " " + row.textColor.hex + (row.isPast ? "  (past)" : "")
                    + "  "
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
