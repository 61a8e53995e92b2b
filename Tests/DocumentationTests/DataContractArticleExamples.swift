import Booking
import FitCore
import FitTesting
import Foundation
import Testing

/// The code of "The data contract and its errors" (Modules/FitContract/FitContract.docc/DataContract.md), verbatim.
@Suite struct DataContractArticleExamples {
    /// The article's error handling for the Book button.
    static func book(_ classId: UUID, with queries: BookingQueries) async -> String {
        do {
            let booking = try await queries.bookSession(id: classId)
            return "Booked (\(booking.id))"
        } catch let rule as BookingError {
            switch rule {
            case .sessionFull: return "This class is full."
            case .insufficientCredits: return "Top up your credits to book this class."
            case .alreadyBooked: return "You're already booked."
            default: return rule.message
            }
        } catch let error as DatabaseError {
            return "The studio's database refused: \(error.code) \(error.message)"
        } catch {
            return "Could not reach the studio: \(error)"
        }
    }

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
        #expect(await Self.book(classId, with: queries) == message)
    }

    @Test func bookingTwiceIsAlreadyBooked() async throws {
        let fixture = try await FitFixture.make()
        let queries = BookingQueries(client: fixture.client(as: fixture.alice))
        #expect(await Self.book(fixture.upcomingClass, with: queries).hasPrefix("Booked ("))
        #expect(await Self.book(fixture.upcomingClass, with: queries) == "You're already booked.")
    }

    @Test func contractCodesRoundTripThroughDatabaseErrors() {
        let error = DatabaseError(code: "FB003", message: "Insufficient credits")
        #expect(BookingError(error) == .insufficientCredits)
        #expect(BookingError(rawValue: "FB003") == .insufficientCredits)
        #expect(BookingError.insufficientCredits.databaseError == error)

        #expect(BookingError.allCases.map(\.rawValue) == (1...10).map { String(format: "FB%03d", $0) })
        #expect(BookingError(DatabaseError(code: "23505", message: "duplicate key")) == nil)
    }
}
