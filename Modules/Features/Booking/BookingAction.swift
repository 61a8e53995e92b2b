import Foundation

/// What the Book / Cancel button does for an item (a session, a timetable row…): the seed's action sheet.
public enum BookingAction<Item: Sendable>: Sendable {
    /// Book the item.
    case book(Item)
    /// Cancel the member's active booking for the item. `bookingId` is `nil` when the item is marked booked
    /// but the booking's id is unknown (the screen was loaded without a member): the seed screen then shows a
    /// disabled Cancel button (``isEnabled`` is `false`), never Book.
    case cancel(Item, bookingId: UUID?)

    /// The item the action is about.
    public var item: Item {
        switch self {
        case .book(let item), .cancel(let item, _): item
        }
    }

    /// Whether the button can be tapped: false for a Cancel whose booking id is unknown.
    public var isEnabled: Bool {
        switch self {
        case .book: true
        case .cancel(_, let bookingId): bookingId != nil
        }
    }
}

extension BookingAction: Equatable where Item: Equatable {}
extension BookingAction: Hashable where Item: Hashable {}
