import FitCore
import Foundation

/// The inbox's rows of ``FitKitSeed``: Maya was told yesterday that the studio cancelled Boxing, and has read it.
enum NotificationsSeed {
    @Sendable static func write(_ seed: FitKitSeed, now: Date, using service: any DatabaseClient) async throws {
        try await service.insertSeedRows(
            [
                NotificationRow(
                    id: seed.id("2071CE00", 1), memberId: seed.maya.id, kind: "class_cancelled",
                    classSessionId: seed.cancelledClass, createdAt: now.addingTimeInterval(-86_400),
                    readAt: now.addingTimeInterval(-80_000))
            ], into: NotificationsSchema.table.name)
    }

    private struct NotificationRow: Encodable, Sendable {
        var id: UUID
        var memberId: UUID
        var kind: String
        var classSessionId: UUID
        var createdAt: Date
        var readAt: Date
    }
}
