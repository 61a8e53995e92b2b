import FitCore
import FitInMemory
import Foundation

/// `mark_notifications_read(notification_ids jsonb) returns integer` of `0014_member_inbox.sql`: the signed-in
/// member's unread notifications among the ids become read; others' rows, unknown ids and rows already read stay as
/// they are. Returns how many it marked.
enum MarkNotificationsRead {
    static let name = "mark_notifications_read"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let member = DatabaseValue.uuid(try transaction.signedInMember())
        guard case .array(let items)? = arguments.json["notification_ids"] else {
            throw DatabaseError(code: "22023", message: "notification_ids must be a JSON array")
        }
        let ids = Set(
            try items.map { item -> DatabaseValue in
                guard let text = item.stringValue, let id = UUID(uuidString: text) else {
                    throw DatabaseError(
                        code: "22P02", message: "invalid input syntax for type uuid: \"\(item.stringValue ?? "")\"")
                }
                return .uuid(id)
            })
        let marked = try transaction.update(
            NotificationsSchema.table.name,
            where: { $0["member_id"] == member && $0["read_at"] == .null && ids.contains($0["id"]) },
            set: ["read_at": .timestamp(transaction.now)])
        return .number(Decimal(marked.count))
    }
}
