#if Postgres
    import FitCore
    import Foundation

    /// One thing a member, an anonymous caller or the service role does to the contract, by index into the run's
    /// world (``ContractFuzzWorld``), so that the same operation means the same rows on both backends.
    enum ContractFuzzOperation: Sendable, CustomStringConvertible {
        case book(member: Int, session: Int)
        /// Cancels the `nth` booking the run has made so far (modulo their count), as the member who made it.
        case cancelBooking(nth: Int)
        case joinWaitlist(member: Int, session: Int)
        case leaveWaitlist(member: Int, session: Int)
        case creditSummary(member: Int)
        case buyCredits(member: Int, amount: Int)
        case setCapacity(session: Int, capacity: Int)
        case cancelClass(session: Int)
        case addEvent(member: Int, number: Int)
        case readBookings(member: Int, status: String?)
        case readLedger(member: Int)
        case readTimetable(member: Int?)
        case readWaitlist(member: Int)
        case readNotifications(member: Int)
        /// Anonymous callers may not book.
        case anonymousBooks(session: Int)
        /// A session that does not exist.
        case bookUnknown(member: Int)
        /// A capacity the table's check refuses.
        case negativeCapacity(session: Int)
        case deleteAccount(member: Int)

        var description: String {
            switch self {
            case .book(let member, let session): "member \(member) books session \(session)"
            case .cancelBooking(let nth): "booking #\(nth) is cancelled by its member"
            case .joinWaitlist(let member, let session): "member \(member) joins the line of session \(session)"
            case .leaveWaitlist(let member, let session): "member \(member) leaves the line of session \(session)"
            case .creditSummary(let member): "member \(member) reads their credit summary"
            case .buyCredits(let member, let amount): "the service role adds \(amount) credits to member \(member)"
            case .setCapacity(let session, let capacity):
                "the service role sets session \(session)'s capacity to \(capacity)"
            case .cancelClass(let session): "the service role cancels session \(session)"
            case .addEvent(let member, let number): "member \(member) adds event \(number)"
            case .readBookings(let member, let status):
                "member \(member) reads their bookings (status \(status ?? "any"))"
            case .readLedger(let member): "member \(member) reads their ledger"
            case .readTimetable(let member): "\(member.map { "member \($0)" } ?? "anon") reads the timetable"
            case .readWaitlist(let member): "member \(member) reads their waitlist entries"
            case .readNotifications(let member): "member \(member) reads their notifications"
            case .anonymousBooks(let session): "an anonymous caller books session \(session)"
            case .bookUnknown(let member): "member \(member) books a session that does not exist"
            case .negativeCapacity(let session): "the service role sets session \(session)'s capacity to -1"
            case .deleteAccount(let member): "member \(member) deletes their account"
            }
        }

        /// A random operation over `members` members and `sessions` sessions.
        static func random(using random: inout FuzzRandom, members: Int, sessions: Int) -> ContractFuzzOperation {
            let member = random.below(members)
            let session = random.below(sessions)
            switch random.below(100) {
            case 0..<22: return .book(member: member, session: session)
            case 22..<32: return .cancelBooking(nth: random.below(16))
            case 32..<42: return .joinWaitlist(member: member, session: session)
            case 42..<47: return .leaveWaitlist(member: member, session: session)
            case 47..<50: return .creditSummary(member: member)
            case 50..<55: return .buyCredits(member: member, amount: 1 + random.below(3))
            case 55..<61: return .setCapacity(session: session, capacity: random.below(4))
            case 61..<63: return .cancelClass(session: session)
            case 63..<67: return .addEvent(member: member, number: random.below(1000))
            case 67..<72: return .readBookings(member: member, status: [nil, "active", "cancelled"][random.below(3)])
            case 72..<76: return .readLedger(member: member)
            case 76..<80: return .readTimetable(member: random.below(2) == 0 ? nil : member)
            case 80..<84: return .readWaitlist(member: member)
            case 84..<88: return .readNotifications(member: member)
            case 88..<91: return .anonymousBooks(session: session)
            case 91..<94: return .bookUnknown(member: member)
            case 94..<97: return .negativeCapacity(session: session)
            default: return .deleteAccount(member: member)
            }
        }
    }
#endif
