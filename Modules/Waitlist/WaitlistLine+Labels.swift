import Booking
import Foundation

extension WaitlistLine {
    /// The timetable's spots label with the line: "Full · 4 waiting" for a full class people wait for, the session's
    /// own ``/Booking/BookableSession/spotsLabel`` otherwise.
    ///
    /// - Parameter session: The class this line is of.
    /// - Returns: The label.
    public func spotsLabel(for session: BookableSession) -> String {
        guard !session.isCancelled, session.spotsRemaining == 0, waiting > 0 else { return session.spotsLabel }
        return "Full · \(waiting) waiting"
    }
}
