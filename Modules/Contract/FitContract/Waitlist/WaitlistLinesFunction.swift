import FitCore
import FitInMemory
import Foundation

/// `waitlist_lines(session_ids jsonb) returns json` of `0024_class_cutoffs.sql`: for each class, whether its line
/// is open, how many wait and the signed-in member's place while it is (`0` and `null` once it closed), and when it
/// closes; by class id.
enum WaitlistLinesFunction {
    static let name = "waitlist_lines"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        guard case .array(let items)? = arguments.json["session_ids"] else {
            throw DatabaseError(
                code: "42883", message: "function public.waitlist_lines() does not exist",
                hint: "No function matches the given name and argument types.")
        }
        let ids = Set(
            try items.map { item -> UUID in
                guard let text = item.stringValue, let id = UUID(uuidString: text) else {
                    throw DatabaseError(
                        code: "22P02", message: "invalid input syntax for type uuid: \"\(item.stringValue ?? "")\"")
                }
                return id
            })
        let sessions = try transaction.records(in: "class_sessions") { $0["id"].uuidValue.map(ids.contains) ?? false }
            .sorted { $0["id"].uuidValue!.uuidString.lowercased() < $1["id"].uuidValue!.uuidString.lowercased() }
        let member = transaction.role.memberId
        return .array(
            try sessions.map { session in
                let closes = try WaitlistRules.closesAt(session, in: transaction)
                let isOpen = WaitlistRules.isOpen(session, closesAt: closes, now: transaction.now)
                let line = isOpen ? try WaitlistRules.line(of: session["id"], in: transaction) : []
                let place = line.firstIndex { member != nil && $0["member_id"] == .uuid(member!) }.map { $0 + 1 }
                return [
                    "session_id": session["id"].json, "is_open": .bool(isOpen),
                    "waiting": .number(Decimal(line.count)), "place": place.map { .number(Decimal($0)) } ?? .null,
                    "closes_at": closes.map { .string(WireDate.string(from: $0)) } ?? .null,
                ]
            })
    }
}
