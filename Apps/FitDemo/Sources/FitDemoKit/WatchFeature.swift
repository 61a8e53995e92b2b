import Booking
import Credits
import FitCore
import FitStores
import Foundation

extension DemoContext {
    /// `watch`: a ``TimetableStore`` and a ``CreditsStore`` that follow the backend's change feed; each change
    /// they show (spots, the booked flag, a cancelled class, the balance) is printed as one line. Runs until the
    /// task is cancelled, or after `stopAfter` changes.
    func watch(days: Int, stopAfter limit: Int?) async throws {
        let timetable = TimetableStore(queries: BookingQueries(client: client), locale: locale, now: environment.now)
        let credits = CreditsStore(queries: CreditsQueries(client: client))
        let start = now
        await timetable.load(from: start, to: start.addingTimeInterval(Double(days) * 86_400))
        await credits.load()
        if let error = timetable.error ?? credits.error { throw error }
        let text = TimetableText(locale: locale, sessions: timetable.timetable?.sessions ?? [])
        var shown = WatchSnapshot(timetable: timetable.timetable, balance: credits.summary?.balance)
        output.line(
            "Watching \(shown.sessionCount) classes and \(member.displayName)'s credits (balance "
                + "\(self.credits(shown.balance ?? 0))). Press Ctrl-C to stop.")
        var printed = 0
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await timetable.follow() }
            group.addTask { await credits.follow() }
            while limit.map({ printed < $0 }) ?? true, !Task.isCancelled {
                let before = shown
                await waitUntil {
                    WatchSnapshot(timetable: timetable.timetable, balance: credits.summary?.balance) != before
                        || timetable.error != nil || credits.error != nil
                }
                if let error = timetable.error ?? credits.error { throw error }
                shown = WatchSnapshot(timetable: timetable.timetable, balance: credits.summary?.balance)
                for line in before.changes(to: shown, text: text, credits: self.credits) {
                    output.line(line)
                    printed += 1
                }
            }
            group.cancelAll()
        }
    }
}

/// What `watch` compares: each class's spots, booked flag and cancellation, and the balance.
struct WatchSnapshot: Equatable, Sendable {
    struct Session: Equatable, Sendable {
        var session: BookableSession
        var spots: Int?
        var isBooked: Bool
        var isCancelled: Bool
    }

    var sessions: [UUID: Session]
    var balance: Decimal?

    init(timetable: Timetable?, balance: Decimal?) {
        var sessions: [UUID: Session] = [:]
        for session in timetable?.sessions ?? [] {
            sessions[session.sessionId] = Session(
                session: session, spots: session.spotsRemaining, isBooked: session.isBooked,
                isCancelled: session.isCancelled)
        }
        self.sessions = sessions
        self.balance = balance
    }

    var sessionCount: Int { sessions.count }

    static func == (lhs: WatchSnapshot, rhs: WatchSnapshot) -> Bool {
        lhs.balance == rhs.balance
            && lhs.sessions.mapValues { [$0.spots ?? -1, $0.isBooked ? 1 : 0, $0.isCancelled ? 1 : 0] }
                == rhs.sessions.mapValues { [$0.spots ?? -1, $0.isBooked ? 1 : 0, $0.isCancelled ? 1 : 0] }
    }

    /// One line per change, classes in start order, then the balance.
    func changes(to now: WatchSnapshot, text: TimetableText, credits: (Decimal) -> String) -> [String] {
        var lines: [String] = []
        let ordered = now.sessions.values.sorted {
            ($0.session.startTime ?? .distantPast, $0.session.name) < (
                $1.session.startTime ?? .distantPast, $1.session.name
            )
        }
        for current in ordered {
            guard let previous = sessions[current.session.sessionId], previous != current else { continue }
            var parts: [String] = []
            if previous.spots != current.spots {
                parts.append(
                    "spots \(previous.spots.map(String.init) ?? "—") → \(current.spots.map(String.init) ?? "—")")
            }
            if previous.isBooked != current.isBooked {
                parts.append(current.isBooked ? "you booked it" : "your booking was cancelled")
            }
            if previous.isCancelled != current.isCancelled, current.isCancelled {
                parts.append("cancelled by the studio")
            }
            lines.append("\(current.session.name) (\(text.when(current.session))): " + parts.joined(separator: ", "))
        }
        if balance != now.balance, let old = balance, let new = now.balance {
            lines.append("credits: balance \(credits(old)) → \(credits(new))")
        }
        return lines
    }
}
