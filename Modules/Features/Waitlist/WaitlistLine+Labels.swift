import Booking
import Foundation

extension WaitlistLine {
    /// The timetable's availability with the line: "Full · 4 waiting" for a full class people wait for, else the
    /// class's own ``/Booking/BookableSession/availabilityLabel`` ("Full", "1 spot left", "8 spots", "Cancelled").
    ///
    /// - Parameter session: The class this line is of.
    /// - Returns: The label.
    public func spotsLabel(for session: BookableSession) -> String {
        guard !session.isCancelled, session.spotsRemaining == 0, waiting > 0 else { return session.availabilityLabel }
        return localized("Full · %lld waiting", .integer(waiting))
    }
}
