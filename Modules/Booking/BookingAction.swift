import Foundation

/// What the Book / Cancel button does for an item (a session, a timetable row…): the seed's action sheet.
public enum BookingAction<Item: Sendable>: Sendable {
    /// Book the item.
    case book(Item)
    /// Cancel the member's active booking for the item.
    case cancel(Item, bookingId: UUID)

    /// The item the action is about.
    public var item: Item {
        switch self {
        case .book(let item), .cancel(let item, _): item
        }
    }
}

extension BookingAction: Equatable where Item: Equatable {}
extension BookingAction: Hashable where Item: Hashable {}
