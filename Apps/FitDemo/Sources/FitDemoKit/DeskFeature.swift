import ArgumentParser
import Booking
import FitCore
import Foundation
import StudioDesk

/// What `fit-demo desk` does.
enum DeskVerb: String, CaseIterable, Sendable, ExpressibleByArgument {
    case studios, roster, cancel, capacity
    case refundWindow = "refund-window"
}

/// What `fit-demo desk --json` prints.
struct DeskReport: Encodable {
    /// The member's staff rows: studio and role.
    var studios: [StaffRow]
    var roster: [RosterEntry]?
    var cancellation: ClassCancellation?
    var fullRefundMinutes: Int?

    struct StaffRow: Codable {
        var studioId: UUID
        var role: StaffRole
    }
}

extension DemoContext {
    /// The desk's requests as the signed-in member.
    var desk: DeskQueries { DeskQueries(client: client) }

    /// The studios the member is staff of, as row-level security shows them their own `studio_staff` rows.
    func staffRows() async throws -> [DeskReport.StaffRow] {
        try await client.from("studio_staff").select("studio_id, role").order("studio_id").execute().value
    }

    /// `desk …`: the member's studios, a class's roster, or an operation and the roster after it.
    func runDesk(_ verb: DeskVerb, sessionId: UUID?, capacity: Int?, hours: Int?) async throws {
        let studios = try await staffRows()
        var report = DeskReport(studios: studios)
        switch verb {
        case .studios: break
        case .roster: break
        case .cancel: report.cancellation = try await desk.cancelClass(id: sessionId!)
        case .capacity: try await desk.setCapacity(capacity!, of: sessionId!)
        case .refundWindow:
            guard let owned = studios.first(where: { $0.role == .owner }) else { throw DeskError.notStaff }
            try await desk.setFullRefundWindow(minutes: hours! * 60, at: owned.studioId)
            report.fullRefundMinutes = hours! * 60
        }
        if let sessionId, verb != .studios { report.roster = try await desk.roster(of: sessionId) }
        if json { return try emitJSON(report) }
        printDesk(report, sessionId: sessionId)
    }

    private func printDesk(_ report: DeskReport, sessionId: UUID?) {
        if report.studios.isEmpty {
            output.line("\(member.displayName) is not staff of any studio (the seed's Maya owns the London studio).")
        }
        for row in report.studios {
            output.line("\(member.displayName): \(row.role.rawValue) of studio \(row.studioId.uuidString.lowercased())")
        }
        if let cancellation = report.cancellation {
            output.line(
                "Cancelled: \(cancellation.cancelledBookings) booking\(cancellation.cancelledBookings == 1 ? "" : "s") "
                    + "refunded in full "
                    + "(\(credits(cancellation.refundedCredits)) credits); its line is closed and everyone was told.")
        }
        if let minutes = report.fullRefundMinutes {
            output.line("Full refund now up to \(minutes / 60) hours before each class.")
        }
        if let roster = report.roster, let sessionId {
            output.line("Roster of \(sessionId.uuidString.lowercased()) · \(roster.count) booked")
            for entry in roster {
                output.line(
                    "  \(entry.displayName) · booked \(memberFormatter.shortDate(entry.bookedAt)), "
                        + memberFormatter.time(entry.bookedAt))
            }
        }
    }
}
