import Booking
import Credits
import FitCore
import Foundation
import SessionDetails

/// The plain-Swift part of the "Using stores from SwiftUI" article
/// (Modules/FitCore/FitCore.docc/UsingStoresFromSwiftUI.md): what the view's `.task`, `.refreshable` and Book button
/// do, verbatim, with the section's imports. The SwiftUI code itself is for Apple platforms and is not compiled here.
enum SwiftUIArticleExample {
    /// Loads the session-details screen, books the class when the action is Book, and refreshes.
    static func whatTheViewDoes(client: any DatabaseClient, classId: UUID, memberId: UUID) async throws -> (
        details: SessionDetailsStore, booking: BookingStore, credits: CreditsStore
    ) {
        let details = SessionDetailsStore(sessionId: classId, queries: SessionDetailsQueries(client: client))
        let booking = BookingStore(queries: BookingQueries(client: client))
        let credits = CreditsStore(queries: CreditsQueries(client: client))

        await details.load(memberId: memberId)
        await credits.load()
        if let action = details.action, action.isEnabled {
            try await booking.run(action)
            await details.refresh(memberId: memberId)
            await credits.refresh()
        }
        return (details, booking, credits)
    }
}
