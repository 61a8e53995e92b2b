import FitContract
import FitDemoKit
import FitTesting
import Foundation
import Testing

@Suite("Events, HIIT, rate, history and workouts commands")
struct FeatureCommandTests {
    @Test func eventsListSoonestFirstWithRelativeLabels() async throws {
        let run = await DemoHarness.run("events", "list")
        #expect(run.status == 0)
        let titles = run.output.split(separator: "\n").map {
            $0.dropFirst(2).prefix(22).trimmingCharacters(in: .whitespaces)
        }
        #expect(titles == ["Physio check-in", "Mum's birthday", "Studio summer party", "Half marathon"])
        #expect(run.output.contains("Physio check-in        2 days ago     Tue 2 Jun   #000000FF  (past)"))
        #expect(run.output.contains("Mum's birthday         in 5 days      Tue 9 Jun   #7B2CBFFF"))
    }

    @Test func eventsIsListByDefault() async throws {
        let list = await DemoHarness.run("events", "list")
        let bare = await DemoHarness.run("events")
        #expect(bare.output == list.output)
    }

    @Test func eventsAddUsesTheMembersTimeZone() async throws {
        let run = await DemoHarness.run(
            "events", "add", "Race day", "--date", "2026-06-20T09:30", "--color", "#ff8800ff")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Added “Race day” on Sat 20 Jun at 9:30 AM (in 2 weeks)"))
    }

    @Test func eventsAddTakesADayAsMidnightInTheMembersZone() async throws {
        let run = await DemoHarness.run("events", "add", "Race", "--date", "2026-12-01", "--member", "jordan", "--json")
        #expect(run.status == 0, "\(run.errors)")
        let event = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        // Midnight in New York (UTC−5 in December).
        #expect(event["date"] as? String == "2026-12-01T05:00:00.000Z")
    }

    @Test func eventsAddTakesAnInstantWithItsOwnZone() async throws {
        let run = await DemoHarness.run("events", "add", "Race", "--date", "2026-06-20T09:30:00+02:00", "--json")
        #expect(run.status == 0, "\(run.errors)")
        let event = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(event["date"] as? String == "2026-06-20T07:30:00.000Z")
    }

    @Test func eventsAddCountsDownToAClass() async throws {
        let run = await DemoHarness.run(
            "events", "add", "--class", DemoHarness.id(FitKitSeed.fixed.reformerPilates), "--json")
        let event = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(event["title"] as? String == "Reformer Pilates")
        #expect(event["date"] as? String == "2026-06-06T17:30:00.000Z")
        #expect(event["relative_date"] as? String == "in 2 days")
    }

    @Test func eventsEditChangesTheTitle() async throws {
        let id = "e7e70000-0000-4000-8000-000000000002"
        let run = await DemoHarness.run("events", "edit", id, "--title", "Mum's 60th")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Saved “Mum's 60th” on Tue 9 Jun"))
    }

    @Test func eventsEditChangesTheDateAndColourInTheMembersZone() async throws {
        let id = "e7e70000-0000-4000-8000-000000000002"
        let run = await DemoHarness.run(
            "events", "edit", id, "--date", "2026-06-10T08:00", "--color", "#2a9d8fff", "--json")
        #expect(run.status == 0, "\(run.errors)")
        let event = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(event["title"] as? String == "Mum's birthday")
        // 8:00 AM in London (UTC+1 in June).
        #expect(event["date"] as? String == "2026-06-10T07:00:00.000Z")
        #expect(event["text_color"] as? String == "#2A9D8FFF")
    }

    @Test func eventsDeleteRemovesOne() async throws {
        let run = await DemoHarness.run("events", "delete", "e7e70000-0000-4000-8000-000000000004")
        #expect(run.status == 0)
        #expect(run.output == "Deleted “Physio check-in” · 3 events left\n")
    }

    @Test func hiitRunsEveryExerciseToHighFive() async throws {
        let run = await DemoHarness.run("hiit")
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "  1/4 Squat       30 s  30 25 20 15 10 5 0 ✓",
                "  2/4 Step Up     30 s  30 25 20 15 10 5 0 ✓",
                "  3/4 Burpee      30 s  30 25 20 15 10 5 0 ✓",
                "  4/4 Sun Salute  30 s  30 25 20 15 10 5 0 ✓",
                "  🙌 High Five! 4 exercises, 2:00 of work · 4 done today",
            ])
    }

    @Test func hiitAsJSONHasEveryCountdownSecond() async throws {
        let run = await DemoHarness.run("hiit", "--json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let exercises = try #require(report["exercises"] as? [[String: Any]])
        #expect(exercises.map { $0["name"] as? String } == ["Squat", "Step Up", "Burpee", "Sun Salute"])
        #expect(exercises.first?["countdown"] as? [Int] == Array((0...30).reversed()))
        #expect(report["high_five"] as? Bool == true)
        #expect(report["completed_today"] as? Int == 4)
    }

    @Test(arguments: ["sun salute", "Sun-Salute", "4"])
    func rateFindsTheExerciseAndLightsSymbols(exercise: String) async throws {
        let run = await DemoHarness.run("rate", exercise, "3")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Rated Sun Salute 3 of 5.\n"))
        #expect(run.output.contains("  Sun Salute  ★★★☆☆  3 of 5"))
        #expect(run.output.contains("  Squat       ★★★★☆  4 of 5"))
    }

    @Test func historyDrawsSevenBarsInTheMembersZone() async throws {
        let run = await DemoHarness.run("history")
        #expect(run.status == 0)
        #expect(
            run.output == """
                Exercises per day, Maya Thompson (Europe/London):
                  Fri 29 May │██▓▓▒▒ 3
                  Sat 30 May │██ 1
                  Sun 31 May │██▓▓▒▒░░ 4
                  Mon 1 Jun  │██▓▓ 2
                  Tue 2 Jun  │0
                  Wed 3 Jun  │██▓▓▒▒░░ 4
                  Thu 4 Jun  │0  (today)
                               ██ Squat  ▓▓ Step Up  ▒▒ Burpee  ░░ Sun Salute

                """)
    }

    @Test func historyAsJSONForANewYorkMember() async throws {
        let run = await DemoHarness.run("history", "--member", "Jordan Lee", "--json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(report["time_zone"] as? String == "America/New_York")
        let bars = try #require(report["bars"] as? [[String: Any]])
        #expect(bars.map { $0["total"] as? Int } == [0, 0, 0, 0, 2, 4, 0])
        #expect(bars.last?["day"] as? String == "2026-06-04")
    }

    @Test func workoutsListNewestFirstWithTotals() async throws {
        let run = await DemoHarness.run("workouts", "list")
        #expect(
            run.output == """
                  Tue 2 Jun  Upper Body Push      2 exercises · 6 sets · 50 reps · 2,210 kg
                  Sat 30 May Leg Day              2 exercises · 5 sets · 35 reps · 2,400 kg

                """)
    }

    @Test func workoutsAddLogsSetsAndTotals() async throws {
        let run = await DemoHarness.run(
            "workouts", "add", "Pull Day", "--exercise", "Deadlift:5x100,5x100@180", "--exercise", "Row:10x50",
            "--date", "2026-06-04T07:15", "--notes", "Felt quick.")
        #expect(run.status == 0)
        #expect(
            run.output == """
                Logged “Pull Day” on Thu 4 Jun at 7:15 AM
                    Deadlift           5×100 kg, 5×100 kg
                    Row                10×50 kg
                    Notes: Felt quick.
                    Totals: 2 exercises · 3 sets · 20 reps · 1,500 kg

                """)
    }
}
