import FitCore
import Foundation

/// Events' rows of ``FitKitSeed``: countdowns of Maya's, Jordan's and Priya's, one of them past.
enum EventsSeed {
    @Sendable static func write(_ seed: FitKitSeed, now: Date, using service: any DatabaseClient) async throws {
        let day: TimeInterval = 86_400
        func event(_ number: Int, _ member: UUID, _ title: String, _ offset: TimeInterval, _ color: String) -> EventRow
        {
            EventRow(
                id: seed.id("E7E70000", number), memberId: member, title: title, date: now.addingTimeInterval(offset),
                textColor: color)
        }
        try await service.insertSeedRows(
            [
                event(1, seed.maya.id, "Half marathon", 23 * day, "#E4572EFF"),
                event(2, seed.maya.id, "Mum's birthday", 5 * day + 3 * 3600, "#7B2CBFFF"),
                event(3, seed.maya.id, "Studio summer party", 12 * day, "#2A9D8FFF"),
                event(4, seed.maya.id, "Physio check-in", -2 * day, "#000000FF"),
                event(5, seed.jordan.id, "Brooklyn 10K", 9 * day, "#1D3557FF"),
                event(6, seed.priya.id, "Yoga retreat", 40 * day, "#F4A261FF"),
            ], into: "events")
    }

    private struct EventRow: Encodable, Sendable {
        var id: UUID
        var memberId: UUID
        var title: String
        var date: Date
        var textColor: String
    }
}
