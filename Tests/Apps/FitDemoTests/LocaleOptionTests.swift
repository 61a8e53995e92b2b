import FitContract
import FitTesting
import Foundation
import Testing

/// `fit-demo --locale`: FitKit's labels, messages, dates and numbers in the member's language, whatever the machine's.
@Suite("The --locale option")
struct LocaleOptionTests {
    @Test func theTourInGermanShowsFitKitsTextInGerman() async {
        let run = await DemoHarness.run("--locale", "de_DE")
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        let expected = [
            // The harness's "now": Thursday 4 June 2026, 19:00 in London.
            "It is Do. 4. Juni, 19:00 for Maya.",
            "12:30 London    Vinyasa Flow         Shoreditch Studio  60 Min.   2,00 cr  15 Plätze    ✓ booked",
            "06:30 New York  Sunrise Yoga         Brooklyn Loft      60 Min.   2,00 cr  Noch 1 Platz",
            "19:30 London    Hot Yoga             Shoreditch Studio  60 Min.   2,00 cr  Ausgebucht",
            "Credits   [5 laufen am Sa. 13. Juni ab] · balance 18,00",
            "Squat       ★★★★☆  4 von 5",
            "Step Up     ☆☆☆☆☆  Nicht bewertet",
            "Hot Yoga · Ausgebucht · 1 wartet",
            "Du stehst an 1. Stelle der Warteliste",
            "Action: Warteliste verlassen",
            "Du bist dabei: Ein Platz wurde frei und du bist gebucht.",
            "2 Credits erstattet.",
        ]
        for line in expected {
            #expect(run.output.contains(line), "missing: \(line)")
        }
        #expect(!run.output.contains("spots"))
        #expect(!run.output.contains("6:30 PM"))
    }

    @Test func aRefusalReadsInTheLocalesLanguage() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fit-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("studio.sqlite").path
        let session = DemoHarness.id(FitKitSeed.fixed.reformerPilates)

        #expect(await DemoHarness.run("book", session, "--data-file", path).status == 0)
        let again = await DemoHarness.run("--locale", "de", "book", session, "--data-file", path)
        #expect(again.status == 1)
        #expect(again.errorLines == ["error: Du hast diesen Kurs bereits gebucht"])
    }

    @Test func withoutTheOptionTheTextIsEnglishWhateverTheMachinesLanguage() async {
        let run = await DemoHarness.run("timetable")
        #expect(run.output.contains("1 spot left"))
        #expect(!run.output.contains("Platz"))
    }

    @Test(arguments: ["xx_Q", "", "123"])
    func refusesSomethingThatIsNotALocale(_ text: String) async {
        let run = await DemoHarness.run("--locale", text, "timetable")
        #expect(run.status == 1)
        #expect(run.errorLines == ["error: '\(text)' is not a locale (expected an identifier such as de_DE or en_US)"])
        #expect(run.output.isEmpty)
    }
}
