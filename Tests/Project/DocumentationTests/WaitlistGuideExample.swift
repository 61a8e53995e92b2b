import Booking
import FitCore
import Waitlist

/// The code of the "Adding a waitlist" article (Modules/Features/Waitlist/Waitlist.docc/AddingAWaitlist.md), verbatim and in
/// the article's order, with the article's imports; `WaitlistGuideTests` runs it.
enum WaitlistGuideExample {
    /// The timetable's lines, then the member joins the first line they can.
    static func screen(sessions: [BookableSession], client: any DatabaseClient) async throws -> WaitlistStore {
        let waitlist = WaitlistStore(queries: WaitlistQueries(client: client))
        await waitlist.load(sessionIds: sessions.map(\.sessionId))
        for session in sessions {
            let line = waitlist.line(for: session.sessionId)
            print("\(session.name): \(line?.spotsLabel(for: session) ?? session.availabilityLabel)")
        }

        if let session = sessions.first(where: { waitlist.action(for: $0) != nil }),
            let action = waitlist.action(for: session)
        {
            print(action.title)  // "Join waitlist"
            do {
                try await waitlist.run(action)
                print(waitlist.line(for: session.sessionId)?.placeLabel ?? "")  // "You're 1st in line"
            } catch let error as WaitlistError {
                print(error.message)  // "The waitlist is closed", for one
            }
        }
        return waitlist
    }

    /// Follows the lines until the first news of the member's entries.
    static func firstNews(of waitlist: WaitlistStore) async {
        let following = Task { await waitlist.follow() }
        var news = waitlist.events.makeAsyncIterator()
        if let event = await news.next() {
            print(event.message)  // "You're in: a spot opened and you're booked."
        }
        following.cancel()
    }
}
