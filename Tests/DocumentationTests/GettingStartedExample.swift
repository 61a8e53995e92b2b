import Booking
import FitContract
import FitCore
import FitInMemory
import Foundation
import Members
import Testing

/// The code of the "Getting started" article (Modules/FitCore/FitCore.docc/GettingStarted.md), verbatim, run on
/// the embedded database; `ArticleSnippetTests` checks that the article still quotes it.
@Suite struct GettingStartedExample {
    @Test func aMemberSeesTheTimetableAndBooksAClass() async throws {
        let database = try InMemoryDatabase.embedded()
        let backOffice = BackOffice(service: database.client(as: .service))

        let member = try await backOffice.addMember("Alice Adams", timeZone: "Europe/London")
        let studioId = try await backOffice.addStudio(name: "FitKit Studio", timeZone: "Europe/London")

        try await backOffice.addSession(
            at: studioId, name: "Yoga Flow", startsAt: Date().addingTimeInterval(86_400), capacity: 10, creditCost: 2,
            instructorName: "Sam")
        try await backOffice.addCredits(10, to: member.id)

        let client = database.client(as: .member(member.id))
        let timetable = TimetableStore(
            queries: BookingQueries(client: client), locale: Locale(identifier: "en_GB"), now: { Date() })
        await timetable.load(from: Date(), to: Date().addingTimeInterval(7 * 86_400))
        for day in timetable.days {
            print(day.title)
            for session in day.sessions {
                print("  \(session.name) with \(session.instructorLabel): \(session.spotsLabel) spots left")
            }
        }

        #expect(timetable.error == nil)
        #expect(timetable.days.flatMap(\.sessions).map(\.name) == ["Yoga Flow"])
        #expect(timetable.days.first?.sessions.first?.spotsLabel == "10")

        let booking = BookingStore(queries: BookingQueries(client: client))
        if let session = timetable.days.first?.sessions.first {
            await booking.run(.book(session))
        }
        await timetable.refresh()

        guard case .booked(let booked) = booking.result else {
            Issue.record(
                "expected a booking, got \(String(describing: booking.result)) / \(String(describing: booking.error))")
            return
        }
        #expect(booked.memberId == member.id)
        #expect(booked.status == .active)
        let session = try #require(timetable.days.first?.sessions.first)
        #expect(session.isBooked)
        #expect(session.bookingId == booked.id)
        #expect(session.spotsLabel == "9")
    }
}
