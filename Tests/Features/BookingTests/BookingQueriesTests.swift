import Booking
import FitCore
import FitInMemory
import FitTesting
import Foundation
import Testing

@Suite struct BookingQueriesTests {
    let clock = TestClock()

    @Test(arguments: [1, 2, 300])
    func activeBookingsForAnyNumberOfSessionsTakeOneRequest(sessionCount: Int) async throws {
        let seed = try await FitFixture.make(clock: clock)
        let alice = BookingQueries(client: seed.client(as: seed.alice))
        let booking = try await alice.bookSession(id: seed.upcomingClass)
        let cancelled = try await alice.bookSession(id: seed.freeClass)
        _ = try await alice.cancelBooking(id: cancelled.id)
        _ = try await BookingQueries(client: seed.client(as: seed.bob)).bookSession(id: seed.soonClass)
        seed.database.clearRequestLog()

        let ids = [seed.upcomingClass, seed.freeClass, seed.soonClass] + (0..<sessionCount).map { _ in UUID() }
        let map = try await alice.getActiveBookings(
            memberId: seed.alice.id, classSessionIds: Array(ids.prefix(max(sessionCount, 3))))

        #expect(map == [seed.upcomingClass: booking.id])
        #expect(seed.database.requests.count == 1)
    }

    @Test func noSessionsNeedNoRequest() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let map = try await BookingQueries(client: seed.client(as: seed.alice)).getActiveBookings(
            memberId: seed.alice.id, classSessionIds: [])
        #expect(map.isEmpty)
        #expect(seed.database.requests.isEmpty)
    }

    @Test func theViewCountsEveryonesBookingsButFlagsOnlyTheActingMembers() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let booking = try await BookingQueries(client: seed.client(as: seed.alice)).bookSession(id: seed.upcomingClass)
        _ = try await BookingQueries(client: seed.client(as: seed.bob)).bookSession(id: seed.upcomingClass)

        func row(as client: some DatabaseClient) async throws -> BookableSession {
            try await client.from("bookable_sessions").select().eq("session_id", value: seed.upcomingClass).single()
                .execute().value
        }
        let asAlice = try await row(as: seed.client(as: seed.alice))
        let asCarol = try await row(as: seed.client(as: seed.carol))
        let asAnon = try await row(as: seed.database.client(as: .anonymous))
        #expect(asAlice.spotsRemaining == 8)
        #expect(asAlice.isBooked && asAlice.bookingId == booking.id)
        #expect(asCarol.spotsRemaining == 8 && !asCarol.isBooked && asCarol.bookingId == nil)
        #expect(asAnon.spotsRemaining == 8 && !asAnon.isBooked && asAnon.bookingId == nil)
        #expect(asAlice.studioName == "Shoreditch Studio" && asAlice.studioTimeZone == "Europe/London")
        #expect(asAlice.creditCost == 2 && asAlice.capacity == 10 && asAlice.durationMinutes == 45)
        #expect(asAlice.startTime == clock.date.addingTimeInterval(48 * 3600))
        #expect(asAlice.instructorName == "Sam" && asAlice.classDescription == nil && !asAlice.isCancelled)
    }

    @Test func spotsRemainingNeverGoesBelowZero() async throws {
        let seed = try await FitFixture.make(clock: clock)
        _ = try await BookingQueries(client: seed.client(as: seed.alice)).bookSession(id: seed.upcomingClass)
        try await seed.service.from("class_sessions").update(["capacity": 0] as JSONValue).eq(
            "id", value: seed.upcomingClass
        ).execute()
        let session: BookableSession = try await seed.service.from("bookable_sessions").select()
            .eq("session_id", value: seed.upcomingClass).single().execute().value
        #expect(session.spotsRemaining == 0)
    }

    @Test func theTimetableIsARangeOfSessionsInStartOrderInOneRequest() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let queries = BookingQueries(client: seed.client(as: seed.alice))
        let now = clock.date
        let sessions = try await queries.getTimetable(from: now, to: now.addingTimeInterval(49 * 3600))
        #expect(sessions.compactMap(\.startTime) == sessions.compactMap(\.startTime).sorted())
        #expect(
            sessions.filter { seed.ruleClasses.contains($0.sessionId) }.map(\.name) == [
                "Spin", "Boxing", "Private Session", "Yoga Flow",
            ])
        #expect(seed.database.requests.count == 1)
        let seeded: [JSONValue] = try await seed.service.from("class_sessions").select("id")
            .gte("starts_at", value: now).lte("starts_at", value: now.addingTimeInterval(49 * 3600)).execute().value
        #expect(sessions.count == seeded.count)

        let otherStudio = try await seed.backOffice.addStudio(name: "Annex", timeZone: "UTC")
        let annex = try await seed.backOffice.addSession(
            at: otherStudio, name: "Stretch", startsAt: now.addingTimeInterval(3600))
        let onlyAnnex = try await queries.getTimetable(
            from: now, to: now.addingTimeInterval(49 * 3600), studioId: otherStudio)
        #expect(onlyAnnex.map(\.sessionId) == [annex])
    }
}

@Suite struct BookedSessionLookupTests {
    @Test func aBookingIdFindsItsClassOnlyForTheMemberWhoBookedIt() async throws {
        let fixture = try await FitFixture.make()
        let alice = BookingQueries(client: fixture.client(as: fixture.alice))
        let booking = try await alice.bookSession(id: fixture.upcomingClass)
        #expect(try await alice.getBookedSession(bookingId: booking.id)?.sessionId == fixture.upcomingClass)
        #expect(try await alice.getBookedSession(bookingId: UUID()) == nil)
        let bob = BookingQueries(client: fixture.client(as: fixture.bob))
        #expect(try await bob.getBookedSession(bookingId: booking.id) == nil)
    }
}
