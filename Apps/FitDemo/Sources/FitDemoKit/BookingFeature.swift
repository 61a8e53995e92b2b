import Booking
import Credits
import FitCore
import Foundation
import SessionDetails

/// What `book` prints with `--json`.
struct BookingReport: Encodable {
    var booking: ClassBooking
    var session: BookableSession
    var balanceBefore: Decimal
    var balanceAfter: Decimal
}

/// What `cancel` prints with `--json`.
struct CancellationReport: Encodable {
    var cancellation: BookingCancellation
    var session: BookableSession
    var balanceBefore: Decimal
    var balanceAfter: Decimal
}

extension DemoContext {
    /// Books `sessionId` through ``BookingStore`` and reads the balance before and after.
    func book(sessionId: UUID) async throws -> BookingReport {
        guard let session = try await SessionDetailsQueries(client: client).getSession(id: sessionId) else {
            throw DemoError.unknownSession(sessionId)
        }
        let before = try await loadCreditSummary().balance
        let store = BookingStore(queries: BookingQueries(client: client))
        // A refusal is thrown; a fresh store runs no other action, so `nil` does not come.
        guard case .booked(let booking)? = try await store.run(.book(session)) else {
            throw DemoError.unknownSession(sessionId)
        }
        let after = try await loadCreditSummary().balance
        return BookingReport(booking: booking, session: session, balanceBefore: before, balanceAfter: after)
    }

    /// Cancels a booking through ``BookingStore``; `id` is the booking's id, or the id of a class the
    /// member has booked.
    func cancel(id: UUID) async throws -> CancellationReport {
        let byBooking = try await BookingQueries(client: client).getBookedSession(bookingId: id)
        let session: BookableSession
        let bookingId: UUID
        if let byBooking {
            session = byBooking
            bookingId = id
        } else if let bySession = try await SessionDetailsQueries(client: client).getSession(id: id),
            let booked = bySession.bookingId
        {
            session = bySession
            bookingId = booked
        } else {
            throw DemoError.unknownBooking(id)
        }
        let before = try await loadCreditSummary().balance
        let store = BookingStore(queries: BookingQueries(client: client))
        guard case .cancelled(let cancellation)? = try await store.run(.cancel(session, bookingId: bookingId)) else {
            throw DemoError.unknownBooking(id)
        }
        let after = try await loadCreditSummary().balance
        return CancellationReport(
            cancellation: cancellation, session: session, balanceBefore: before, balanceAfter: after)
    }

    /// `Booked Reformer Pilates (Sat 6 Jun, 6:30 PM London) for 3.00 credits · balance 18.00 → 15.00`.
    func printBooking(_ report: BookingReport) throws {
        if json { return try emitJSON(report) }
        output.line(
            "Booked \(report.session.name) (\(when(report.session))) for \(report.session.creditCostLabel) credits · balance \(credits(report.balanceBefore)) → \(credits(report.balanceAfter))"
        )
        output.line("  booking \(report.booking.id.lowercased)")
    }

    /// `Cancelled Spin & Core (…), starts in 3 days: refunded 2.00 credits · balance …`.
    func printCancellation(_ report: CancellationReport) throws {
        if json { return try emitJSON(report) }
        let session = report.session
        let ahead = session.startTime.map { memberFormatter.relative($0, to: now) } ?? "—"
        let refund =
            report.cancellation.refunded > 0
            ? "refunded \(credits(report.cancellation.refunded)) credits"
            : "no refund (past the studio's full-refund deadline, \(session.fullRefundUntil.map { "\(memberFormatter.shortDate($0)), \(memberFormatter.time($0))" } ?? "—"))"
        output.line(
            "Cancelled \(session.name) (\(when(session)), starts \(ahead)): \(refund) · balance \(credits(report.balanceBefore)) → \(credits(report.balanceAfter))"
        )
    }

    /// `Sat 6 Jun, 6:30 PM London`: in the studio's time zone.
    func when(_ session: BookableSession) -> String {
        let labels = session.startDateTimeLabels(formatter: session.displayFormatter(locale: locale))
        return "\(labels.date), \(labels.time) \(TimetableText.city(session.studioTimeZone))"
    }
}
