import Booking
import Credits
import FitCore
import Foundation
import SessionDetails
import Waitlist

/// What `fit-demo session <id> --json` prints.
struct SessionReport: Encodable {
    var session: BookableSession
    var bookingId: UUID?
    var action: String
    var creditChip: String
    var balance: Decimal
}

extension DemoContext {
    /// One class and the member's booking for it, through ``SessionDetailsStore``.
    func loadSessionDetail(id: UUID) async throws -> SessionDetailsStore {
        let store = SessionDetailsStore(sessionId: id, queries: SessionDetailsQueries(client: client))
        await store.load(memberId: member.id)
        if let error = store.error {
            if case SessionDetailsError.sessionNotFound(let missing)? = error as? SessionDetailsError {
                throw DemoError.unknownSession(missing)
            }
            throw error
        }
        return store
    }

    /// `session <id>`: the details screen with the credit chip and what the Book / Cancel button does.
    @discardableResult
    func showSession(id: UUID) async throws -> BookableSession {
        let store = try await loadSessionDetail(id: id)
        guard let session = store.session else { throw DemoError.unknownSession(id) }
        let summary = try await loadCreditSummary()
        let chip = creditChip(summary)
        let waitlist = WaitlistStore(queries: WaitlistQueries(client: client), now: environment.now)
        await waitlist.load(sessionIds: [id])
        let action: String
        switch waitlist.sessionAction(for: session, booking: store.action) {
        case .booking(.book)?: action = "Book"
        case .booking(.cancel(_, let bookingId?))?: action = "Cancel booking \(bookingId.lowercased)"
        case .booking(.cancel(_, nil))?: action = "Cancel (disabled: the booking is unknown)"
        case .waitlist(let offered)?:
            action = [offered.title, waitlist.line(for: id)?.placeLabel].compactMap { $0 }.joined(separator: " · ")
        case nil: action = "None (the class is cancelled)"
        }
        if json {
            try emitJSON(
                SessionReport(
                    session: session, bookingId: store.bookingId, action: action, creditChip: chip.text,
                    balance: summary.balance))
            return session
        }
        let text = TimetableText(locale: locale, sessions: [session])
        let labels = session.startDateTimeLabels(formatter: text.formatter(for: session))
        output.line("\(session.name) · \(session.studioName)")
        output.line(
            "  When      \(labels.date), \(labels.time) (\(TimetableText.city(session.studioTimeZone)) time) · \(session.durationLabel)"
        )
        output.line("  Coach     \(session.instructorLabel)")
        if let description = session.classDescription { output.line("  About     \(description)") }
        output.line(
            "  Cost      \(session.creditCostLabel) credits · \(TimetableText.availability(session)) (capacity \(session.capacity))"
        )
        output.line("  Credits   [\(chip.text)] · balance \(credits(summary.balance))")
        if let bookingId = store.bookingId { output.line("  Booked    ✓ booking \(bookingId.lowercased)") }
        output.line("  Action    \(action)")
        output.line("  Id        \(session.sessionId.lowercased)")
        return session
    }
}
