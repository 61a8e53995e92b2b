import Booking
import FitCore
import Waitlist

/// The Waitlist landing page's example (Modules/Features/Waitlist/Waitlist.docc/Waitlist.md), verbatim, with the page's imports.
enum WaitlistArticleExample {
    /// Joins the line of `session`, a full class, as the member `client` acts for.
    static func joinTheLine(of session: BookableSession, client: any DatabaseClient) async throws -> WaitlistStore {
        let waitlist = WaitlistStore(queries: WaitlistQueries(client: client))
        await waitlist.load(sessionIds: [session.sessionId])
        if let action = waitlist.action(for: session) {  // .join: "Join waitlist"
            try await waitlist.run(action)
        }
        print(waitlist.line(for: session.sessionId)?.placeLabel ?? "")  // "You're 1st in line"
        return waitlist
    }
}
