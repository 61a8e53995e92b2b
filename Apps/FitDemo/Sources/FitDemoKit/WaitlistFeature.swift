import ArgumentParser
import Booking
import FitContract
import FitCore
import Foundation
import SessionDetails
import Waitlist

/// What `fit-demo waitlist --json` prints.
struct WaitlistReport: Encodable {
    var sessionId: UUID
    var name: String
    var isOpen: Bool
    var waiting: Int
    var place: Int?
    var label: String
    var action: String?
}

extension DemoContext {
    /// The class and the member's waitlist store, loaded for it.
    func loadWaitlist(sessionId: UUID) async throws -> (BookableSession, WaitlistStore) {
        guard let session = try await SessionDetailsQueries(client: client).getSession(id: sessionId) else {
            throw DemoError.unknownSession(sessionId)
        }
        let store = WaitlistStore(queries: WaitlistQueries(client: client), now: environment.now)
        await store.load(sessionIds: [sessionId])
        if let error = store.error { throw error }
        return (session, store)
    }

    /// `waitlist show|join|leave <session-id>`: the class's line, after joining or leaving it.
    func runWaitlist(_ verb: WaitlistVerb, sessionId: UUID) async throws {
        var (session, store) = try await loadWaitlist(sessionId: sessionId)
        switch verb {
        case .show: break
        case .join: try await store.run(.join(sessionId: sessionId))
        case .leave: try await store.run(.leave(sessionId: sessionId))
        }
        if verb != .show {
            (session, store) = try await loadWaitlist(sessionId: sessionId)
        }
        try printWaitlist(session, store)
    }

    /// One class's line: how many wait, the member's place, and what they can do.
    func printWaitlist(_ session: BookableSession, _ store: WaitlistStore) throws {
        guard let line = store.line(for: session.sessionId) else { throw DemoError.unknownSession(session.sessionId) }
        let action = store.action(for: session)
        if json {
            return try emitJSON(
                WaitlistReport(
                    sessionId: session.sessionId, name: session.name, isOpen: line.isOpen, waiting: line.waiting,
                    place: line.place,
                    label: line.spotsLabel(for: session), action: action?.title))
        }
        output.line("\(session.name) · \(line.spotsLabel(for: session))")
        if let place = line.placeLabel { output.line("  \(place)") }
        let when = "\(memberFormatter.shortDate(line.closesAt)), \(memberFormatter.time(line.closesAt))"
        output.line(line.isOpen ? "  The list closes \(when)." : "  The list is closed (its cutoff was \(when)).")
        output.line("  Action: \(action?.title ?? "none")")
    }
}

/// What `fit-demo waitlist` does.
enum WaitlistVerb: String, CaseIterable, Sendable, ExpressibleByArgument {
    case show, join, leave
}
