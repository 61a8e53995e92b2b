import FitCore
import FitInMemory
import Foundation

/// `fitkit_count_bookings` of `Backend/migrations/0013_owner_run_triggers.sql` for the in-memory database: a class's
/// `booked_count` follows its active bookings, in the transaction that changed them.
enum BookedCount {
    static let trigger = ClassSessionCount.trigger(
        "fitkit_count_bookings", on: "bookings", counting: "active", into: "booked_count")
}
