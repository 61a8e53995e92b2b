import FitCore
import FitInMemory
import FitOffline
import StudioDesk

/// The studio's desk (`0021_studio_desk.sql`): the staff of each studio, and the functions they run its classes and
/// rules with (`FD001`…`FD006` are ``/StudioDesk/DeskError``). Offline, a member's own staff rows are kept read-only;
/// every desk operation needs the server. In the seed, Maya owns the London studio.
enum DeskContract {
    static let feature = FeatureContract(
        name: "StudioDesk",
        schema: InMemorySchema(
            tables: [StudioStaffSchema.table],
            functions: [
                .init(DeskCancelClass.name, DeskCancelClass.run), .init(DeskSetCapacity.name, DeskSetCapacity.run),
                .init(DeskRoster.name, DeskRoster.run),
                .init(DeskSetFullRefundWindow.name, DeskSetFullRefundWindow.run),
            ]),
        errors: DeskError.allCases.map(\.databaseError),
        replicaRules: [ReplicaRule(StudioStaffSchema.table.name, key: ["studio_id", "member_id"], isPerMember: true)],
        seed: { seed, _, service in
            try await BackOffice(service: service).addStaff(seed.maya.id, to: seed.londonStudio, as: .owner)
        })
}
