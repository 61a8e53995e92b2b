import FitContract
import FitCore
import Foundation
import StudioDesk

/// The code of the "Running the studio's desk" article
/// (Modules/Features/StudioDesk/StudioDesk.docc/RunningTheStudioDesk.md), verbatim and in the article's order, with the
/// article's imports; `StudioDeskGuideTests` runs it.
enum StudioDeskGuideExample {
    /// Makes `ownerId` the owner of `studioId`, as a back office does.
    static func makeOwner(_ ownerId: UUID, of studioId: UUID, serviceClient: any DatabaseClient) async throws {
        // In a back office or a seed, as the service role:
        try await BackOffice(service: serviceClient).addStaff(ownerId, to: studioId, as: .owner)
    }

    /// Cancels a class at the desk.
    static func cancel(_ sessionId: UUID, staffClient: any DatabaseClient) async throws -> ClassCancellation {
        let desk = DeskQueries(client: staffClient)
        let cancellation = try await desk.cancelClass(id: sessionId)
        print("\(cancellation.cancelledBookings) bookings refunded, \(cancellation.refundedCredits) credits")
        return cancellation
    }

    /// A class's desk screen: its roster, then a bigger capacity.
    static func grow(_ sessionId: UUID, staffClient: any DatabaseClient) async throws -> ClassDeskStore {
        let store = ClassDeskStore(sessionId: sessionId, queries: DeskQueries(client: staffClient))
        await store.load()
        try await store.setCapacity(12)
        return store
    }
}
