import FitTesting
import Foundation
import Testing

@Suite("The guided tour")
struct TourTests {
    @Test func runsEndToEndAndShowsEverySectionWithRealValues() async throws {
        let run = await DemoHarness.run()
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        let text = run.output
        let expected = [
            "FitKit demo · signed in as Maya Thompson (Europe/London)",
            "It is Thu 4 Jun, 7:00 PM for Maya.",
            // Timetable, in each studio's time zone, with the booked flag and spots.
            "Fri 5 Jun",
            "12:30 PM London    Vinyasa Flow         Shoreditch Studio  60 min   2.00 cr  15 spots     ✓ booked",
            "6:30 AM New York  Sunrise Yoga         Brooklyn Loft      60 min   2.00 cr  1 spot left",
            "7:30 PM London    Hot Yoga             Shoreditch Studio  60 min   2.00 cr  full",
            "5:00 PM New York  Express HIIT",
            // Details with the credit chip.
            "When      Sat 6 Jun, 6:30 PM (London time) · 50 min",
            "Credits   [5 expire Sat 13 Jun] · balance 18.00",
            "Action    Book",
            // Booking and the balance after.
            "Booked Reformer Pilates (Sat 6 Jun, 6:30 PM London) for 3.00 credits · balance 18.00 → 15.00",
            // Cancelling inside and outside the refund window.
            "Cancelled Spin & Core (Sun 7 Jun, 12:30 PM London, starts in 3 days): refunded 2.00 credits · balance 13.00 → 15.00",
            "Cancelled Express HIIT (Thu 4 Jun, 5:00 PM New York, starts in 3 hours): no refund (past the studio's full-refund deadline, Thu 4 Jun, 10:00 AM) · balance 13.50 → 13.50",
            // The countdown event and the events list.
            "Added “Reformer Pilates” on Sat 6 Jun at 6:30 PM",
            "Physio check-in        2 days ago",
            // HIIT.
            "1/4 Squat       30 s  30 25 20 15 10 5 0 ✓",
            "4/4 Sun Salute  30 s  30 25 20 15 10 5 0 ✓",
            "🙌 High Five! 4 exercises, 2:00 of work · 4 done today",
            // Ratings.
            "Squat       ★★★★☆  4 of 5",
            "Sun Salute  ★★★★★  5 of 5",
            "Step Up     ☆☆☆☆☆  Not rated",
            // History chart: seven bars, oldest first, today last.
            "Fri 29 May │██▓▓▒▒ 3",
            "Tue 2 Jun  │0",
            "Thu 4 Jun  │██▓▓▒▒░░ 4  (today)",
            // The logged workout with totals.
            "Logged “Pull Day” on Thu 4 Jun at 7:00 PM",
            "Totals: 3 exercises · 6 sets · 41 reps · 2,330 kg",
            // Two windows of one member converge without a reload.
            "Window 2 follows the ratings; window 1 rates Squat.",
            "  Window 1: Squat 2 of 5 · Window 2, without a reload: Squat 2 of 5",
            // The waitlist: Maya joins the full Hot Yoga; Priya cancels; the spot is Maya's at once.
            "Hot Yoga · Full · 1 waiting",
            "  You're 1st in line",
            "Priya Shah cancels her booking of Hot Yoga.",
            "Notification for Maya Thompson: You're in: a spot opened and you're booked.",
            "Hot Yoga · Full · booked for Maya Thompson",
            // The studio's desk: Maya owns the London studio and cancels the class she booked; she gets her 3 back.
            "Maya Thompson, who owns the London studio, cancels Reformer Pilates at the desk: 1 booking refunded in full (3.00 credits), its line closed.",
            "Maya Thompson's balance: 11.50 → 14.50 credits.",
            "Done. Maya Thompson ends with 14.50 credits.",
        ]
        for line in expected {
            #expect(text.contains(line), "missing: \(line)")
        }
        let sections = text.split(separator: "\n").filter { $0.first?.isNumber == true && $0.contains(". ") }
        #expect(sections.count == 13)
        let bars = text.split(separator: "\n").filter { $0.contains(" │") }
        #expect(bars.count == 7)
    }

    @Test func actsAsAnotherMemberInTheirTimeZone() async throws {
        let run = await DemoHarness.run("--member", "jordan")
        #expect(run.status == 0)
        #expect(run.output.contains("signed in as Jordan Lee (America/New_York)"))
        #expect(run.output.contains("It is Thu 4 Jun, 2:00 PM for Jordan."))
        // Jordan holds 10 credits; Reformer Pilates costs 3.
        #expect(run.output.contains("balance 10.00 → 7.00"))
        #expect(run.output.contains("Thu 4 Jun  │██▓▓▒▒░░ 4  (today)"))
    }
}
