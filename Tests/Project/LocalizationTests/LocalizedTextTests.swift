import Booking
import Credits
import Events
import FitCore
import FitOffline
import FitStores
import FitSupabase
import Foundation
import History
import Members
import Notifications
import SessionDetails
import Testing
import Waitlist

/// What members read, in English and in German: the labels and messages of every feature with the plural forms
/// that differ, the descriptions of the errors members are shown, and dates in the member's language.
@Suite struct LocalizedTextTests {
    static let english = Locale(identifier: "en_US")
    static let german = Locale(identifier: "de_DE")
    /// Thursday 4 June 2026, 18:00 in London.
    static let june4 = Date(timeIntervalSince1970: 1_780_592_400)

    /// A text, and what it reads in English and in German.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var english: String
        var german: String
        var text: @Sendable () -> String?

        var testDescription: String { name }
    }

    static func session(spots: Int?, cancelled: Bool = false) -> BookableSession {
        BookableSession(
            sessionId: UUID(), studioId: UUID(), name: "Spin", studioName: "Shoreditch",
            studioTimeZone: "Europe/London",
            startTime: june4, durationMinutes: 45, capacity: 12, spotsRemaining: spots, creditCost: 2,
            isCancelled: cancelled)
    }

    static func line(waiting: Int, place: Int? = nil) -> WaitlistLine {
        WaitlistLine(sessionId: UUID(), waiting: waiting, place: place, closesAt: june4)
    }

    static func chip(_ summary: CreditSummary) -> String {
        CreditChip(
            summary: summary,
            formatter: DisplayFormatter(
                locale: FitLocalization.locale, timeZone: TimeZone(identifier: "Europe/London")!)
        ).text
    }

    static func refund(_ amount: Decimal) -> MemberNotification {
        MemberNotification(id: UUID(), memberId: UUID(), kind: .refund, amount: amount, createdAt: june4)
    }

    static let cases: [Case] = [
        Case(name: "a class with 1 spot", english: "1 spot left", german: "Noch 1 Platz") {
            session(spots: 1).availabilityLabel
        },
        Case(name: "a class with 3 spots", english: "3 spots", german: "3 Plätze") {
            session(spots: 3).availabilityLabel
        },
        Case(name: "a full class", english: "Full", german: "Ausgebucht") { session(spots: 0).availabilityLabel },
        Case(name: "unknown spots", english: "— spots", german: "— Plätze") { session(spots: nil).availabilityLabel },
        Case(name: "a cancelled class", english: "Cancelled", german: "Abgesagt") {
            session(spots: 4, cancelled: true).availabilityLabel
        },
        Case(name: "a class's length", english: "45 min", german: "45 Min.") { session(spots: 4).durationLabel },
        Case(name: "a class's cost", english: "2.00", german: "2,00") { session(spots: 4).creditCostLabel },
        Case(name: "1 waiting", english: "Full · 1 waiting", german: "Ausgebucht · 1 wartet") {
            line(waiting: 1).spotsLabel(for: session(spots: 0))
        },
        Case(name: "3 waiting", english: "Full · 3 waiting", german: "Ausgebucht · 3 warten") {
            line(waiting: 3).spotsLabel(for: session(spots: 0))
        },
        Case(name: "2nd in line", english: "You're 2nd in line", german: "Du stehst an 2. Stelle der Warteliste") {
            line(waiting: 3, place: 2).placeLabel
        },
        Case(name: "23rd in line", english: "You're 23rd in line", german: "Du stehst an 23. Stelle der Warteliste") {
            line(waiting: 30, place: 23).placeLabel
        },
        Case(name: "join", english: "Join waitlist", german: "Auf die Warteliste") {
            SessionAction.waitlist(.join(sessionId: UUID())).title
        },
        Case(name: "leave", english: "Leave waitlist", german: "Warteliste verlassen") {
            WaitlistAction.leave(sessionId: UUID()).title
        },
        Case(name: "book", english: "Book", german: "Buchen") { SessionAction.booking(.book(session(spots: 3))).title },
        Case(name: "cancel", english: "Cancel booking", german: "Buchung stornieren") {
            SessionAction.booking(.cancel(session(spots: 3), bookingId: nil)).title
        },
        Case(
            name: "passed over for another rule",
            english: "A spot opened, but it went to the next in line (Class has been cancelled).",
            german:
                "Ein Platz wurde frei, ging aber an die nächste Person auf der Warteliste (Der Kurs wurde abgesagt)."
        ) {
            WaitlistEvent.passedOver(sessionId: UUID(), reason: .classCancelled).message
        },
        Case(name: "1 credit", english: "1 credit", german: "1 Credit") { chip(CreditSummary(balance: 1)) },
        Case(name: "12 credits", english: "12 credits", german: "12 Credits") { chip(CreditSummary(balance: 12)) },
        Case(name: "0 credits", english: "0 credits", german: "0 Credits") { chip(CreditSummary(balance: 0)) },
        Case(name: "2.5 credits", english: "2.50 credits", german: "2,50 Credits") {
            chip(CreditSummary(balance: 2.5))
        },
        Case(name: "1 expiring", english: "1 expires Thu 4 Jun", german: "1 läuft am Do. 4. Juni ab") {
            chip(CreditSummary(balance: 6, expiringSoon: 1, earliestExpiry: june4))
        },
        Case(name: "5 expiring", english: "5 expire Thu 4 Jun", german: "5 laufen am Do. 4. Juni ab") {
            chip(CreditSummary(balance: 6, expiringSoon: 5, earliestExpiry: june4))
        },
        Case(name: "1.5 expiring", english: "1.50 expire Thu 4 Jun", german: "1,50 laufen am Do. 4. Juni ab") {
            chip(CreditSummary(balance: 6, expiringSoon: 1.5, earliestExpiry: june4))
        },
        Case(name: "a refund of 1", english: "1 credit refunded.", german: "1 Credit erstattet.") { refund(1).message },
        Case(name: "a refund of 2", english: "2 credits refunded.", german: "2 Credits erstattet.") {
            refund(2).message
        },
        Case(name: "a refund of 2.5", english: "2.50 credits refunded.", german: "2,50 Credits erstattet.") {
            refund(2.5).message
        },
        Case(
            name: "a promotion", english: "You're in: a spot opened and you're booked.",
            german: "Du bist dabei: Ein Platz wurde frei und du bist gebucht."
        ) { MemberNotification.Kind.promoted.summary },
        Case(name: "adding an event", english: "Add Event", german: "Ereignis hinzufügen") {
            EventForm(mode: .add, defaultDate: june4).navigationTitle
        },
        Case(name: "editing an event", english: "Edit Yoga", german: "Yoga bearbeiten") {
            EventForm(mode: .edit(Event(title: "Yoga", date: june4)), defaultDate: june4).navigationTitle
        },
        Case(name: "a rating", english: "3 of 5", german: "3 von 5") { (try? ExerciseRating(3))?.label },
        Case(name: "no rating", english: "Not rated", german: "Nicht bewertet") { ExerciseRating().label },
        Case(name: "an unknown exercise", english: "Unknown exercise", german: "Unbekannte Übung") {
            ExerciseDay.unknownExerciseName
        },
        Case(name: "a full class refused", english: "Session is full", german: "Der Kurs ist ausgebucht") {
            BookingError.sessionFull.localizedDescription
        },
        Case(name: "a closed waitlist", english: "The waitlist is closed", german: "Die Warteliste ist geschlossen") {
            WaitlistError.waitlistClosed.localizedDescription
        },
        Case(
            name: "no member", english: "No member profile for this account",
            german: "Für dieses Konto gibt es kein Mitgliedsprofil"
        ) { AccountError.noMemberProfile.localizedDescription },
        Case(
            name: "a set without reps", english: "Set 2 of exercise 1 needs at least 1 rep, not 0.",
            german: "Satz 2 von Übung 1 braucht mindestens 1 Wiederholung, nicht 0."
        ) { WorkoutsError.invalidReps(0, exercise: 0, set: 1).localizedDescription },
        Case(
            name: "a colour", english: "\"#FF88\" is not a colour: expected #RRGGBBAA, e.g. #FF8800FF.",
            german: "„#FF88“ ist keine Farbe: erwartet wird #RRGGBBAA, z. B. #FF8800FF."
        ) { EventValidationError.malformedColor("#FF88").localizedDescription },
        Case(
            name: "a countdown", english: "Keep going: 12 s left before you can tap Done.",
            german: "Weiter so: noch 12 s, bis du auf „Fertig“ tippen kannst."
        ) { HIITSessionError.countdownNotFinished(remainingSeconds: 12).localizedDescription },
        Case(
            name: "a rating out of range", english: "A rating must be between 1 and 5; 9 is not.",
            german: "Eine Bewertung muss zwischen 1 und 5 liegen; 9 liegt nicht dazwischen."
        ) { RatingError.outOfRange(9).localizedDescription },
        Case(
            name: "a timeout", english: "The server did not answer in time (60 s).",
            german: "Der Server hat nicht rechtzeitig geantwortet (60 s)."
        ) { ConnectionError(.timedOut, reason: "60 s").localizedDescription },
        Case(
            name: "offline booking", english: "This needs the server, which cannot be reached; nothing was saved.",
            german: "Dafür wird der Server gebraucht, der nicht erreichbar ist; es wurde nichts gespeichert."
        ) { OfflineError.requiresServer("book_session", reason: "offline").localizedDescription },
        Case(
            name: "a refused token", english: "You are signed out: sign in again.",
            german: "Du bist abgemeldet: Melde dich erneut an."
        ) {
            SupabaseError.notAuthenticated(DatabaseError(code: "PGRST303", message: "JWT expired")).localizedDescription
        },
        Case(name: "a class time", english: "6:00 PM", german: "18:00") {
            DisplayFormatter(locale: FitLocalization.locale, timeZone: TimeZone(identifier: "Europe/London")!).time(
                june4)
        },
        Case(name: "a class date", english: "Thu 4 Jun", german: "Do. 4. Juni") {
            DisplayFormatter(locale: FitLocalization.locale, timeZone: TimeZone(identifier: "Europe/London")!)
                .shortDate(june4)
        },
    ]

    @Test(arguments: cases)
    func readsInEnglishAndGerman(_ text: Case) {
        #expect(FitLocalization.$locale.withValue(Self.english) { text.text() } == text.english)
        #expect(FitLocalization.$locale.withValue(Self.german) { text.text() } == text.german)
        // A language no catalog has reads English.
        #expect(FitLocalization.$locale.withValue(Locale(identifier: "en_GB")) { text.text() } != nil)
    }

    @Test func aDescriptionForLogsStaysEnglish() {
        FitLocalization.$locale.withValue(Self.german) {
            #expect(WorkoutsError.blankTitle.description == "A workout needs a title.")
            #expect(WorkoutsError.blankTitle.localizedDescription == "Ein Training braucht einen Titel.")
            #expect(BookingError.insufficientCredits.description == "FB003: Insufficient credits")
            #expect(BookingError.insufficientCredits.message == "Insufficient credits")
            #expect(BookingError.insufficientCredits.localizedDescription == "Nicht genügend Credits")
        }
    }

    @Test func everyContractErrorReadsInGerman() {
        FitLocalization.$locale.withValue(Self.german) {
            let errors: [any ContractError] =
                BookingError.allCases + WaitlistError.allCases + AccountError.allCases
            for error in errors {
                #expect(error.errorDescription != error.message, "\(error) is not in German")
            }
        }
    }

    /// After every text above, in both languages, no catalog was asked for a string it lacks.
    @Test func noCatalogMissedAString() {
        for language in [Self.english, Self.german] {
            FitLocalization.$locale.withValue(language) {
                for text in Self.cases { _ = text.text() }
                for error in BookingError.allCases + [] { _ = error.localizedDescription }
            }
        }
        for module in ModuleCatalog.all {
            #expect(module.catalog.missingKeys.sorted() == [], "\(module.module)")
        }
    }
}
