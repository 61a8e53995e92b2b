import FitCore
import FitInMemory
import Foundation
import StudioDesk

extension InMemoryTransaction {
    /// The acting member when they are staff of `studio` (an owner when `ownersOnly`), as `fitkit_desk_staff`
    /// (`Backend/migrations/0021_studio_desk.sql`) checks.
    ///
    /// - Throws: `FB009`/`FB010` for a caller who is not a signed-in member, `FD001` otherwise.
    func deskStaff(of studio: DatabaseValue, ownersOnly: Bool) throws -> UUID {
        let member = try signedInMember()
        let rows = try records(in: StudioStaffSchema.table.name) {
            $0["studio_id"] == studio && $0["member_id"] == .uuid(member)
                && (!ownersOnly || $0["role"] == .text("owner"))
        }
        guard !rows.isEmpty else { throw DeskError.notStaff.databaseError }
        return member
    }

    /// The active bookings of class `id` in booking order (`order by created_at, id`), as the desk's functions walk
    /// them.
    func activeBookings(of id: UUID) throws -> [Record] {
        try records(in: "bookings") { $0["class_session_id"] == .uuid(id) && $0["status"] == .text("active") }
            .sorted { first, second in
                let (a, b) = (
                    first["created_at"].dateValue ?? .distantPast, second["created_at"].dateValue ?? .distantPast
                )
                // PostgreSQL orders uuids byte by byte, as their uppercase hex text sorts.
                return a != b ? a < b : first["id"].uuidValue!.uuidString < second["id"].uuidValue!.uuidString
            }
    }

    /// Every member's display name by id, for the desk's lists.
    func memberNames() throws -> [DatabaseValue: DatabaseValue] {
        var names: [DatabaseValue: DatabaseValue] = [:]
        for member in try records(in: "members") { names[member["id"]] = member["display_name"] }
        return names
    }

    /// The class `id` when the acting member is staff of its studio, as `fitkit_desk_class` finds it.
    ///
    /// - Throws: `FD002` when there is no such class, then what ``deskStaff(of:ownersOnly:)`` throws.
    func deskClass(_ id: UUID) throws -> Record {
        guard let session = try records(in: "class_sessions", where: { $0["id"] == .uuid(id) }).first else {
            throw DeskError.classNotFound.databaseError
        }
        _ = try deskStaff(of: session["studio_id"], ownersOnly: false)
        return session
    }
}
