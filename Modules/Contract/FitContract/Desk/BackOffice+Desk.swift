import FitCore
import Foundation
import StudioDesk

extension BackOffice {
    /// Makes `member` staff of `studio` as `role` (the service role bootstraps a studio's first owner); a member
    /// already staff there keeps their role.
    ///
    /// - Parameters:
    ///   - member: The member.
    ///   - studio: The studio.
    ///   - role: Owner or instructor.
    /// - Throws: ``/FitCore/DatabaseError`` `23503` for a member or studio that does not exist, or the backend's
    ///   error.
    public func addStaff(_ member: UUID, to studio: UUID, as role: StaffRole) async throws {
        struct Row: Encodable, Sendable {
            var studioId: UUID
            var memberId: UUID
            var role: StaffRole
        }
        try await service.from("studio_staff").upsert(
            [Row(studioId: studio, memberId: member, role: role)], onConflict: "studio_id,member_id",
            ignoreDuplicates: true
        ).execute()
    }
}
