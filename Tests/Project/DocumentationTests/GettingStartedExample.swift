import Booking
import Credits
import Events
import FitContract
import FitCore
import FitInMemory
import FitStores
import Foundation
import Members
import Testing

/// The code of the "Getting started" article (Modules/Core/FitCore/FitCore.docc/GettingStarted.md), verbatim and in the
/// article's order, with exactly the imports the article shows (and Testing); `ArticleSnippetTests` checks both. The
/// checks between the steps are what a reader would see printed.
@Suite struct GettingStartedExample {
    @Test func aFirstHourStudioApp() async throws {
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
                print("  \(session.name) with \(session.instructorLabel): \(session.availabilityLabel)")
            }
        }

        #expect(timetable.error == nil)
        #expect(timetable.days.flatMap(\.sessions).map(\.name) == ["Yoga Flow"])
        #expect(timetable.days.first?.sessions.first?.availabilityLabel == "10 spots")

        let booking = BookingStore(queries: BookingQueries(client: client))
        if let session = timetable.days.first?.sessions.first {
            try await booking.run(.book(session))
        }
        await timetable.refresh()

        guard case .booked(let booked) = booking.result else {
            Issue.record(
                "expected a booking, got \(String(describing: booking.result)) / \(String(describing: booking.error))")
            return
        }
        #expect(booked.memberId == member.id)
        let bookedRow = try #require(timetable.days.first?.sessions.first)
        #expect(bookedRow.isBooked && bookedRow.bookingId == booked.id && bookedRow.spotsLabel == "9")

        let credits = CreditsStore(queries: CreditsQueries(client: client))
        await credits.load()
        print("balance: \(credits.summary?.balance ?? 0)")  // "balance: 8"

        #expect(credits.summary?.balance == 8)

        if let session = timetable.days.first?.sessions.first {
            try await booking.run(.cancel(session, bookingId: session.bookingId))
        }
        await timetable.refresh()
        await credits.refresh()
        print("balance after the refund: \(credits.summary?.balance ?? 0)")  // "balance after the refund: 10"

        #expect(credits.summary?.balance == 10)
        let cancelledRow = try #require(timetable.days.first?.sessions.first)
        #expect(!cancelledRow.isBooked && cancelledRow.spotsLabel == "10")

        let events = EventsStore(queries: EventsQueries(client: client))
        await events.load()
        try await events.add(Event(title: "Half marathon", date: Date().addingTimeInterval(30 * 86_400)))
        let formatter = DisplayFormatter(
            locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!)
        for row in events.rows(formatter: formatter) {
            print("\(row.title): \(row.relativeDate)")  // "Half marathon: next month"
        }

        #expect(events.rows(formatter: formatter).map(\.title) == ["Half marathon"])
        #expect(events.rows(formatter: formatter).first?.relativeDate == "next month")
    }
}
