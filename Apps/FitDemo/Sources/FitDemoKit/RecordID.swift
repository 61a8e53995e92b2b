import Foundation

/// A UUID typed on the command line for one kind of record; a malformed one is reported with that kind:
/// "'x' is not a session id (expected a UUID)".
protocol RecordID: DemoArgument, Sendable {
    /// What the id identifies, as the message names it: "session", "booking", "event".
    static var kind: String { get }
    /// The id itself.
    var uuid: UUID { get }
    init(uuid: UUID)
}

extension RecordID {
    /// A UUID in either case; spaces around it are ignored.
    init(parsing text: String) throws(DemoError) {
        guard let uuid = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
            throw .malformedID(text, kind: Self.kind)
        }
        self.init(uuid: uuid)
    }
}

/// A class session's id, as `fit-demo timetable` lists them.
struct SessionID: RecordID {
    static let kind = "session"
    let uuid: UUID
}

/// A booking's id (or, for `cancel`, the id of a class the member booked).
struct BookingID: RecordID {
    static let kind = "booking"
    let uuid: UUID
}

/// A personal event's id, as `fit-demo events list` lists them.
struct EventID: RecordID {
    static let kind = "event"
    let uuid: UUID
}
