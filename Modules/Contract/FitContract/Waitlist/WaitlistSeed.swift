import FitCore
import Foundation

/// The waitlist's rows of ``FitKitSeed``: the New York studio closes its lists two hours before a class (London keeps
/// the default hour), and Maya joined the line of the full Hot Yoga yesterday and left it. No one is in line: the
/// demo's tour and the tests join.
enum WaitlistSeed {
    @Sendable static func write(_ seed: FitKitSeed, now: Date, using service: any DatabaseClient) async throws {
        try await service.insertSeedRows(
            [SettingsRow(studioId: seed.newYorkStudio, cutoffMinutes: 120)], into: "waitlist_settings",
            onConflict: "studio_id")
        try await service.insertSeedRows(
            [
                EntryRow(
                    id: seed.id("3A17E000", 1), classSessionId: seed.hotYoga, memberId: seed.maya.id, status: "left",
                    joinedAt: now.addingTimeInterval(-86_400), resolvedAt: now.addingTimeInterval(-80_000))
            ], into: "waitlist_entries")
    }

    private struct SettingsRow: Encodable, Sendable {
        var studioId: UUID
        var cutoffMinutes: Int
    }

    private struct EntryRow: Encodable, Sendable {
        var id: UUID
        var classSessionId: UUID
        var memberId: UUID
        var status: String
        var joinedAt: Date
        var resolvedAt: Date
    }
}
