/// What a member does at a studio (`studio_staff.role`): owners run everything, instructors run classes.
public enum StaffRole: String, Codable, Sendable, CaseIterable {
    /// Runs the studio: its classes, and its rules (``DeskQueries/setFullRefundWindow(minutes:at:)``).
    case owner
    /// Runs classes: cancels them, changes their capacity, reads their rosters.
    case instructor
}
