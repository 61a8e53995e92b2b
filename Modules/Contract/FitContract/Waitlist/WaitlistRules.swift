import Booking
import FitCore
import FitInMemory
import Foundation
import Waitlist

/// What the waitlist's functions share (`0009_waitlist.sql`, `0015_waitlist_on_time.sql`): the cutoff, whether a line
/// is open, the entry's JSON, and promotion (`fitkit_promote_waitlist`), which the join and leave functions and the
/// triggers run in the caller's transaction.
enum WaitlistRules {
    /// The SQL's default cutoff, `interval '60 minutes'`, for a studio without a `waitlist_settings` row.
    static let defaultCutoff: TimeInterval = 60 * 60

    /// `fitkit_waitlist_cutoff(studio)`: how long before a class of `studio` its list closes.
    static func cutoff(studio: DatabaseValue, in transaction: InMemoryTransaction) throws -> TimeInterval {
        let row = try transaction.records(in: WaitlistSchema.settings.name) { $0["studio_id"] == studio }.first
        return row?["cutoff_minutes"].intValue.map { TimeInterval($0 * 60) } ?? defaultCutoff
    }

    /// When the list of `session` closes: its own cutoff (`0023_studio_rules.sql`), else its studio's
    /// (`fitkit_class_cutoff`, `0024_class_cutoffs.sql`).
    static func closesAt(_ session: Record, in transaction: InMemoryTransaction) throws -> Date? {
        guard let start = session["starts_at"].dateValue else { return nil }
        let cutoff =
            try session["waitlist_cutoff_minutes"].intValue.map { TimeInterval($0 * 60) }
            ?? cutoff(studio: session["studio_id"], in: transaction)
        return start.addingTimeInterval(-cutoff)
    }

    /// Whether the line of `session` is open at `now`: not cancelled and before its cutoff (which is never after the
    /// start), as `waitlist_lines`, `current_waitlist_entries` and `join_waitlist` decide it.
    static func isOpen(_ session: Record, closesAt: Date?, now: Date) -> Bool {
        session["cancelled_at"] == .null && closesAt.map { now < $0 } == true
    }

    /// The entry as `join_waitlist` and `leave_waitlist` return it.
    static func json(_ entry: Record, place: Int?) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for column in [
            "id", "class_session_id", "member_id", "status", "booking_id", "note", "joined_at", "resolved_at",
        ] {
            object[column] = entry[column].json
        }
        object["place"] = place.map { .number(Decimal($0)) } ?? .null
        return .object(object)
    }

    /// The waiting entries of a class, first in line first.
    static func line(of session: DatabaseValue, in transaction: InMemoryTransaction) throws -> [Record] {
        try transaction.records(in: WaitlistSchema.entries.name) {
            $0["class_session_id"] == session && $0["status"] == .text("waiting")
        }
        .sorted { ($0["position"].intValue ?? 0) < ($1["position"].intValue ?? 0) }
    }

    /// `fitkit_promote_waitlist(session)` of `0024_class_cutoffs.sql`: fills the class's free spots from its line,
    /// first come first served; a member without the credits is passed over (`FB003`), one who booked meanwhile leaves
    /// the line (`FB002`). Each member booked or passed over is told in their inbox.
    static func promote(session id: DatabaseValue, in transaction: inout InMemoryTransaction) throws {
        guard let session = try transaction.records(in: "class_sessions", where: { $0["id"] == id }).first,
            session["cancelled_at"] == .null, let closes = try closesAt(session, in: transaction),
            transaction.now < closes
        else { return }
        let active = try transaction.records(in: "bookings") {
            $0["class_session_id"] == id && $0["status"] == .text("active")
        }
        var spots = (session["capacity"].intValue ?? 0) - active.count
        let cost = session["credit_cost"].decimalValue ?? 0
        for entry in try line(of: id, in: transaction) {
            guard spots > 0 else { break }
            let member = entry["member_id"]
            let entryId = entry["id"]
            func resolve(_ values: [String: DatabaseValue]) throws {
                try transaction.update(
                    WaitlistSchema.entries.name, where: { $0["id"] == entryId },
                    set: values.merging(["resolved_at": .timestamp(transaction.now)]) { new, _ in new })
            }
            if active.contains(where: { $0["member_id"] == member }) {
                try resolve(["status": .text("left"), "note": .text(BookingError.alreadyBooked.rawValue)])
                continue
            }
            let balance = try transaction.records(in: "credit_ledger", where: { $0["member_id"] == member })
                .reduce(Decimal.zero) { $0 + ($1["amount"].decimalValue ?? 0) }
            if balance < cost {
                let code = DatabaseValue.text(BookingError.insufficientCredits.rawValue)
                try resolve(["status": .text("passed_over"), "note": code])
                try Inbox.tell(member, "passed_over", ["class_session_id": id, "reason": code], in: &transaction)
                continue
            }
            let booking = try transaction.insert(into: "bookings", ["member_id": member, "class_session_id": id])
            if cost > 0 {
                try transaction.insert(
                    into: "credit_ledger",
                    [
                        "member_id": member, "amount": .numeric(-cost), "reason": .text("booking"),
                        "booking_id": booking["id"],
                    ])
            }
            try resolve(["status": .text("promoted"), "booking_id": booking["id"]])
            try Inbox.tell(
                member, "promoted", ["class_session_id": id, "booking_id": booking["id"]], in: &transaction)
            spots -= 1
        }
    }
}
