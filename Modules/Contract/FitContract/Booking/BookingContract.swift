import Booking
import FitCore
import FitInMemory
import FitOffline

/// Booking's part of the contract: studios with their policies, the timetable and bookings, the `bookable_sessions`
/// view that follows them, and the booking functions, whose `FB001`…`FB010` are ``/Booking/BookingError``.
enum BookingContract {
    static let feature = FeatureContract(
        name: "Booking",
        schema: InMemorySchema(
            tables: [
                BookingSchema.studios, StudioPolicies.table, BookingSchema.classSessions, BookingSchema.bookings,
            ],
            views: [BookableSessionsView.schema],
            functions: [
                .init(BookSession.name, BookSession.run), .init(CancelBooking.name, CancelBooking.run),
            ],
            triggers: [BookedCount.trigger, StudioPolicies.trigger]),
        errors: BookingError.allCases.map(\.databaseError),
        viewFeeds: [
            // A class is a row of the view; a booking changes its class's spots (and `is_booked` for the booker);
            // a studio's name and time zone, and its refund window, show on its classes.
            ViewFeed(
                view: BookableSessionsView.schema.name, key: ["session_id"],
                sources: [
                    .init(table: "class_sessions", column: "id", viewColumn: "session_id", effect: .sameRow),
                    .init(
                        table: "bookings", column: "class_session_id", viewColumn: "session_id", effect: .updatesRows),
                    .init(table: "studios", column: "id", viewColumn: "studio_id", effect: .updatesRows),
                    .init(
                        table: StudioPolicies.table.name, column: "studio_id", viewColumn: "studio_id",
                        effect: .updatesRows),
                ])
        ],
        replicaRules: [
            ReplicaRule("studios"),
            ReplicaRule(StudioPolicies.table.name, key: ["studio_id"]),
            ReplicaRule("class_sessions", retention: .untilPast(column: "starts_at", by: .seconds(86_400))),
            ReplicaRule("bookings"),
            // The timetable the member has looked at, until a day after each class starts.
            ReplicaRule(
                BookableSessionsView.schema.name, key: ["session_id"], isPerMember: true,
                retention: .untilPast(column: "start_time", by: .seconds(86_400))),
        ],
        seed: BookingSeed.write)
}
