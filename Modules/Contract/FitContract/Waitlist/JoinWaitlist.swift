import FitCore
import FitInMemory
import Foundation
import Waitlist

/// `join_waitlist(session_id uuid) returns json` of `0024_class_cutoffs.sql`: the signed-in member joins the line of
/// a full class, up to its cap (the class's own, else its studio's); returns the entry and the member's place.
enum JoinWaitlist {
    static let name = "join_waitlist"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let sessionId = try arguments.uuid("session_id")
        let member = try transaction.signedInMember()
        guard let session = try transaction.records(in: "class_sessions", where: { $0["id"] == .uuid(sessionId) }).first
        else { throw WaitlistError.classNotFound.databaseError }
        if session["cancelled_at"] != .null { throw WaitlistError.classCancelled.databaseError }
        guard let start = session["starts_at"].dateValue, start > transaction.now else {
            throw WaitlistError.classStarted.databaseError
        }
        guard let closes = try WaitlistRules.closesAt(session, in: transaction), transaction.now < closes else {
            throw WaitlistError.waitlistClosed.databaseError
        }
        let active = try transaction.records(in: "bookings") {
            $0["class_session_id"] == .uuid(sessionId) && $0["status"] == .text("active")
        }
        if active.contains(where: { $0["member_id"] == .uuid(member) }) {
            throw WaitlistError.alreadyBooked.databaseError
        }
        if active.count < session["capacity"].intValue ?? 0 { throw WaitlistError.classHasSpots.databaseError }
        let line = try WaitlistRules.line(of: .uuid(sessionId), in: transaction)
        if line.contains(where: { $0["member_id"] == .uuid(member) }) {
            throw WaitlistError.alreadyWaiting.databaseError
        }
        let studioCap = try StudioPolicies.row(of: session["studio_id"], in: transaction)["line_cap"].intValue
        if let cap = session["line_cap"].intValue ?? studioCap, line.count >= cap {
            throw WaitlistError.waitlistFull.databaseError
        }
        let entry = try transaction.insert(
            into: WaitlistSchema.entries.name, ["class_session_id": .uuid(sessionId), "member_id": .uuid(member)])
        return WaitlistRules.json(entry, place: line.count + 1)
    }
}
