#if Postgres
    import FitCore
    import Foundation
    import ScenarioBackends

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
        /// A rating of 0 to 6 (the table takes 1 to 5; a second rating of one exercise is a duplicate key).
        case rate(member: Int, exercise: Int, rating: Int)
        case completeExercise(member: Int, exercise: Int)
        /// A workout with `sets` sets of one exercise; an empty title is refused.
        case logWorkout(member: Int, titled: Bool, sets: Int)
        case readExercises(member: Int?)
        case readStudio(member: Int?)
        case readCurrentWaitlist(member: Int)
        case readWorkouts(member: Int)
        case readRatings(member: Int)
        /// The member's completions, newest first, at most `limit`.
        case readHistory(member: Int, limit: Int)
        /// The member's ledger rows that spent credits.
        case readSpending(member: Int)
        /// A member at the desk (member 0 owns the studio; the others are refused with FD001): cancels a class.
        case deskCancel(member: Int, session: Int)
        /// … changes a class's capacity (-1 and 10 001 are refused).
        case deskCapacity(member: Int, session: Int, capacity: Int)
        /// … grants or takes back credits of another member (0 and a take-back beyond the balance are refused).
        case deskAdjust(member: Int, target: Int, amount: Int)
        /// … sets the studio's rules: a booking window in days and a line cap (0 for off; out of range refused).
        case deskRules(member: Int, bookingOpensDays: Int, lineCap: Int)
        /// … sets a class's own waitlist cutoff in minutes (0 for the studio's again; 10 081 is refused).
        case deskClassCutoff(member: Int, session: Int, minutes: Int)
        /// … moves a member in a class's line (places beyond the line are refused).
        case deskMove(member: Int, session: Int, target: Int, place: Int)
        /// The service role sets the studio's full-refund window: 0, 1, 12, 30 or 50 hours, or -5 minutes (refused).
        case setRefundWindow(minutes: Int)
        /// The member changes their profile: one of ``profileChanges`` (names and time zones, good and bad).
        case updateProfile(member: Int, change: Int)

        /// What ``updateProfile(member:change:)`` sends: a display name and a time zone, either left out.
        static let profileChanges: [(displayName: String?, timeZone: String?)] = [
            ("  Renamed\t", nil), (nil, "Europe/Berlin"), ("Both", "Asia/Tokyo"), ("", nil), (" \n", "UTC"),
            (String(repeating: "ü", count: 81), nil), (String(repeating: "ü", count: 80), nil), (nil, "Mars/Olympus"),
            (nil, "utc"), (nil, nil),
        ]

        var description: String {
            switch self {
            case .book(let member, let session): "member \(member) books session \(session)"
            case .cancelBooking(let nth): "booking number \(nth) (modulo the bookings made) is cancelled by its member"
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
            case .rate(let member, let exercise, let rating): "member \(member) rates exercise \(exercise) \(rating)"
            case .completeExercise(let member, let exercise): "member \(member) completes exercise \(exercise)"
            case .logWorkout(let member, let titled, let sets):
                "member \(member) logs a workout of \(sets) sets\(titled ? "" : " without a title")"
            case .readExercises(let member): "\(member.map { "member \($0)" } ?? "anon") reads the exercises"
            case .readStudio(let member): "\(member.map { "member \($0)" } ?? "anon") reads the studio and its cutoff"
            case .readCurrentWaitlist(let member): "member \(member) reads their current waitlist entries"
            case .readWorkouts(let member): "member \(member) reads their workouts"
            case .readRatings(let member): "member \(member) reads their ratings"
            case .readHistory(let member, let limit): "member \(member) reads their latest \(limit) completions"
            case .readSpending(let member): "member \(member) reads what they spent"
            case .setRefundWindow(let minutes): "the service role sets the full-refund window to \(minutes) minutes"
            case .deskCancel(let member, let session): "member \(member) cancels session \(session) at the desk"
            case .deskCapacity(let member, let session, let capacity):
                "member \(member) sets session \(session)'s capacity to \(capacity) at the desk"
            case .deskAdjust(let member, let target, let amount):
                "member \(member) adjusts member \(target)'s credits by \(amount) at the desk"
            case .deskClassCutoff(let member, let session, let minutes):
                "member \(member) sets session \(session)'s waitlist cutoff to \(minutes) minutes at the desk"
            case .deskMove(let member, let session, let target, let place):
                "member \(member) moves member \(target) to place \(place) in session \(session)'s line at the desk"
            case .deskRules(let member, let days, let cap):
                "member \(member) sets the booking window to \(days) days and the line cap to \(cap) at the desk"
            case .updateProfile(let member, let change):
                "member \(member) changes their profile to \(Self.profileChanges[change])"
            }
        }

        /// A random operation over `members` members and `sessions` sessions.
        static func random(using random: inout FuzzRandom, members: Int, sessions: Int) -> ContractFuzzOperation {
            let member = random.below(members)
            let session = random.below(sessions)
            let reader = random.below(2) == 0 ? nil : member
            switch random.below(135) {
            case 0..<20: return .book(member: member, session: session)
            case 20..<29: return .cancelBooking(nth: random.below(16))
            case 29..<38: return .joinWaitlist(member: member, session: session)
            case 38..<42: return .leaveWaitlist(member: member, session: session)
            case 42..<44: return .creditSummary(member: member)
            case 44..<49: return .buyCredits(member: member, amount: 1 + random.below(3))
            case 49..<55: return .setCapacity(session: session, capacity: random.below(4))
            case 55..<57: return .cancelClass(session: session)
            case 57..<60: return .addEvent(member: member, number: random.below(1000))
            case 60..<64: return .readBookings(member: member, status: [nil, "active", "cancelled"][random.below(3)])
            case 64..<67: return .readLedger(member: member)
            case 67..<70: return .readTimetable(member: reader)
            case 70..<73: return .readWaitlist(member: member)
            case 73..<76: return .readNotifications(member: member)
            case 76..<78: return .anonymousBooks(session: session)
            case 78..<80: return .bookUnknown(member: member)
            case 80..<82: return .negativeCapacity(session: session)
            case 82..<84: return .deleteAccount(member: member)
            case 84..<89:
                return .rate(
                    member: member, exercise: random.below(ContractFuzzWorld.exerciseCount), rating: random.below(7))
            case 89..<93:
                return .completeExercise(member: member, exercise: random.below(ContractFuzzWorld.exerciseCount))
            case 93..<97: return .logWorkout(member: member, titled: random.below(6) != 0, sets: random.below(4))
            case 97..<99: return .readExercises(member: reader)
            case 99..<101: return .readStudio(member: reader)
            case 101..<105: return .readCurrentWaitlist(member: member)
            case 105..<108: return .readWorkouts(member: member)
            case 108..<111: return .readRatings(member: member)
            case 111..<115: return .readHistory(member: member, limit: random.below(4))
            case 115..<117: return .readSpending(member: member)
            case 117..<120: return .updateProfile(member: member, change: random.below(profileChanges.count))
            case 120..<123: return .setRefundWindow(minutes: [0, 60, 720, 1800, 3000, -5][random.below(6)])
            case 123..<125: return .deskCancel(member: random.below(2) == 0 ? 0 : member, session: session)
            case 125..<127:
                return .deskCapacity(
                    member: random.below(2) == 0 ? 0 : member, session: session,
                    capacity: [-1, 0, 1, 2, 3, 10_001][random.below(6)])
            case 127..<129:
                return .deskAdjust(
                    member: random.below(2) == 0 ? 0 : member, target: random.below(members),
                    amount: [-50, -2, 0, 1, 3][random.below(5)])
            case 131..<133:
                return .deskClassCutoff(
                    member: random.below(2) == 0 ? 0 : member, session: session,
                    minutes: [0, 30, 2_000, 4_000, 10_081][random.below(5)])
            case 133..<135:
                return .deskMove(
                    member: random.below(2) == 0 ? 0 : member, session: session, target: random.below(members),
                    place: random.below(4))
            default:
                return .deskRules(
                    member: random.below(2) == 0 ? 0 : member, bookingOpensDays: [0, 1, 2, 400][random.below(4)],
                    lineCap: [0, 1, 2, 1_001][random.below(4)])
            }
        }
    }
#endif
