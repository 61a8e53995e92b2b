import Booking
import FitContract
import FitTesting
import Testing

/// The data contract article's Book-button handler, run against the fixture's classes for each rule.
@Suite struct DataContractArticleTests {
    /// Fixture classes by name, and what the article's handler says when Alice books each.
    static let refusals: [(String, String)] = [
        ("full", "This class is full."),
        ("expensive", "Top up your credits to book this class."),
        ("started", "Class has already started"),
        ("cancelled", "Class has been cancelled"),
    ]

    @Test(arguments: refusals)
    func eachRefusalReadsAsItsRule(className: String, message: String) async throws {
        let fixture = try await FitFixture.make()
        let classes = [
            "full": fixture.fullClass, "expensive": fixture.expensiveClass, "started": fixture.startedClass,
            "cancelled": fixture.cancelledClass,
        ]
        let classId = try #require(classes[className])
        let queries = BookingQueries(client: fixture.client(as: fixture.alice))
        #expect(await DataContractArticleExamples.book(classId, with: queries) == message)
    }

    @Test func bookingTwiceIsAlreadyBooked() async throws {
        let fixture = try await FitFixture.make()
        let queries = BookingQueries(client: fixture.client(as: fixture.alice))
        #expect(await DataContractArticleExamples.book(fixture.upcomingClass, with: queries).hasPrefix("Booked ("))
        #expect(
            await DataContractArticleExamples.book(fixture.upcomingClass, with: queries) == "You're already booked.")
    }
}
