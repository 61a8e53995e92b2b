import Foundation

/// A member's personal event, counted down to on the Countdowns screen.
///
/// Sorted soonest first: by date, then title (byte order, as the database sorts text), then id, so that
/// equal dates and titles still have one stable order.
public struct Event: Sendable, Hashable, Identifiable {
    /// Chosen by the app (a new event gets its id before it is sent), so a form can save idempotently.
    public var id: UUID
    /// What is counted down to; 1…``maximumTitleLength`` characters once trimmed.
    public var title: String
    /// When it happens (past events stay in the list, counting up).
    public var date: Date
    /// The colour the title is drawn in.
    public var textColor: RGBAColor
    /// An optional picture (stored base64-encoded in `events.image_data`).
    public var imageData: Data?

    /// Creates an event; nothing is validated until it is saved (``validated()``).
    ///
    /// - Parameters:
    ///   - id: The event's id; a new one unless editing.
    ///   - title: What is counted down to.
    ///   - date: When it happens.
    ///   - textColor: The colour the title is drawn in.
    ///   - imageData: An optional picture.
    public init(id: UUID = UUID(), title: String, date: Date, textColor: RGBAColor = .black, imageData: Data? = nil) {
        self.id = id
        self.title = title
        self.date = date
        self.textColor = textColor
        self.imageData = imageData
    }

    /// The most characters (Unicode scalars, as PostgreSQL's `length` counts them) a trimmed title may have.
    public static let maximumTitleLength = 200
}

extension Event: Comparable {
    /// Soonest first; events at the same date by title, then by id, in the byte order PostgreSQL sorts by.
    ///
    /// - Parameters:
    ///   - lhs: An event.
    ///   - rhs: Another event.
    /// - Returns: Whether `lhs` comes before `rhs` in the list.
    public static func < (lhs: Event, rhs: Event) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        if lhs.title != rhs.title { return lhs.title.utf8.lexicographicallyPrecedes(rhs.title.utf8) }
        // uuidString is fixed-width upper-case hex, so its text order is the byte order PostgreSQL uses.
        return lhs.id.uuidString < rhs.id.uuidString
    }
}
