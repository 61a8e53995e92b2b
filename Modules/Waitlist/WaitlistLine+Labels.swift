import Booking
import Foundation

extension WaitlistLine {
    /// The timetable's availability with the line: "Full · 4 waiting" for a full class people wait for, "Full", "1 spot
    /// left", "8 spots", or "Cancelled".
    ///
    /// - Parameter session: The class this line is of.
    /// - Returns: The label.
    public func spotsLabel(for session: BookableSession) -> String {
        if session.isCancelled { return "Cancelled" }
        switch session.spotsRemaining {
        case nil: return "— spots"
        case 0?: return waiting > 0 ? "Full · \(waiting) waiting" : "Full"
        case 1?: return "1 spot left"
        case let spots?: return "\(spots) spots"
        }
    }
}
