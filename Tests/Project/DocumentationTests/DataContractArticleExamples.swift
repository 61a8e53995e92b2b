import Booking
import FitCore
import Foundation
import Testing

/// The code of "The data contract and its errors" (Modules/Contract/FitContract/FitContract.docc/DataContract.md), verbatim.
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

    @Test func contractCodesRoundTripThroughDatabaseErrors() {
        let error = DatabaseError(code: "FB003", message: "Insufficient credits")
        #expect(BookingError(error) == .insufficientCredits)
        #expect(BookingError(rawValue: "FB003") == .insufficientCredits)
        #expect(BookingError.insufficientCredits.databaseError == error)

        // FB011 and FB012 are Members' (a profile's); FB013 is a studio's booking window.
        #expect(BookingError.allCases.map(\.rawValue) == (1...10).map { String(format: "FB%03d", $0) } + ["FB013"])
        #expect(BookingError(DatabaseError(code: "23505", message: "duplicate key")) == nil)
    }
}
