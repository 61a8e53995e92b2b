import FitCore
import FitInMemory
import FitOffline
import StudioDesk

/// The studio's desk (`0021_studio_desk.sql`, `0022_desk_classes.sql`): the staff of each studio, and the functions
/// they run its classes, lines, credits and rules with (`FD001`…`FD019` are ``/StudioDesk/DeskError``). Offline, a member's own staff rows are kept read-only;
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
                .init(DeskAddClass.name, DeskAddClass.run), .init(DeskEditClass.name, DeskEditClass.run),
                .init(DeskLine.name, DeskLine.run), .init(DeskRemoveFromLine.name, DeskRemoveFromLine.run),
                .init(DeskAdjustCredits.name, DeskAdjustCredits.run),
                .init(DeskSetPolicies.name, DeskSetPolicies.run), .init(DeskSetLineCap.name, DeskSetLineCap.run),
                .init(DeskSetClassCutoff.name, DeskSetClassCutoff.run),
                .init(DeskMoveInLine.name, DeskMoveInLine.run),
            ]),
        errors: DeskError.allCases.map(\.databaseError),
        replicaRules: [ReplicaRule(StudioStaffSchema.table.name, key: ["studio_id", "member_id"], isPerMember: true)],
        seed: { seed, _, service in
            try await BackOffice(service: service).addStaff(seed.maya.id, to: seed.londonStudio, as: .owner)
        })
}
