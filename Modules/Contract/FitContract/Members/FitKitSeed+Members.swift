import Foundation
import Members

extension FitKitSeed {
    /// The demo's default member: London, 18 credits (5 of them expire in 9 days), one booking, events, exercise
    /// history, ratings and workouts.
    public var maya: Member { member("3E3B0000", 1, "Maya Thompson", email: "maya@fitkit.example", "Europe/London") }
    /// New York, 12 credits (2 expire in 6 days), booked into the nearly full and the full class.
    public var jordan: Member {
        member("3E3B0000", 2, "Jordan Lee", email: "jordan@fitkit.example", "America/New_York")
    }
    /// London, 6 credits, all expiring in 12 days; booked like Jordan.
    public var priya: Member { member("3E3B0000", 3, "Priya Shah", email: "priya@fitkit.example", "Europe/London") }
    /// New York (`America/New_York`); 20 credits.
    public var alice: Member { member("A11CE000", 1, "Alice Adams", email: "alice@example.com", "America/New_York") }
    /// London (`Europe/London`); 20 credits, 5 of them expiring in 7 days. Alice must never see Bob's rows.
    public var bob: Member { member("B0B00000", 1, "Bob Brown", email: "bob@example.com", "Europe/London") }
    /// London; no credits.
    public var carol: Member { member("CA201000", 1, "Carol Clark", email: "carol@example.com", "Europe/London") }

    /// Alice, Bob and Carol: the members test cases act as. The seed gives them credits and nothing else (no
    /// bookings, events, history, ratings or workouts), so a case finds only its own rows of theirs.
    public var testMembers: [Member] { [alice, bob, carol] }

    /// Every member of the seed, the demo's default (Maya) first.
    public var members: [Member] { [maya, jordan, priya, alice, bob, carol] }

    private func member(_ prefix: String, _ number: Int, _ name: String, email: String, _ timeZone: String) -> Member {
        let id = id(prefix, number)
        // Emails are unique: a fresh seed's carry its ids, so two seeds share one database.
        let address =
            identity.isFixed ? email : email.replacingOccurrences(of: "@", with: "+\(id.uuidString.lowercased())@")
        return Member(id: id, displayName: name, email: address, timeZone: timeZone)
    }
}
