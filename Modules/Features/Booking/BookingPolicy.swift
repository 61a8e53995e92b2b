import FitStores
import Foundation

/// A class's cancellation rule as its studio set it (`studio_policies.full_refund_minutes`, 12 hours unless the studio
/// changed it): cancelling up to ``fullRefundUntil`` refunds the credits in full, later nothing, and after the start
/// not at all. For a booking the line made after the studio's deadline, ``fullRefundUntil`` is the start itself. ``BookableSession/bookingPolicy`` gives the one the backend applies to a class.
public struct BookingPolicy: Sendable, Hashable {
    /// The last moment cancelling refunds in full (included): the class's start less the studio's window.
    public var fullRefundUntil: Date

    /// The rule that refunds in full up to `fullRefundUntil`.
    ///
    /// - Parameter fullRefundUntil: The last moment cancelling refunds in full.
    public init(fullRefundUntil: Date) {
        self.fullRefundUntil = fullRefundUntil
    }

    /// Whether cancelling at `now` refunds the credits in full; the boundary is included, as on the backend
    /// (`now() <= starts_at - window`).
    ///
    /// - Parameter now: When the booking would be cancelled.
    /// - Returns: `true` up to and including ``fullRefundUntil``.
    public func refundsInFull(cancellingAt now: Date) -> Bool {
        now <= fullRefundUntil
    }

    /// What a class's screen says of the rule at `now`: "Full refund until 6:00 PM" (the time in `formatter`'s zone,
    /// the studio's, with the date when it is another day: "Full refund until Wed 3 Jun, 6:00 PM"), or "No refund
    /// if you cancel now" once that moment has passed; in ``/FitCore/FitLocalization/locale``'s language.
    ///
    /// - Parameters:
    ///   - now: The moment the screen shows.
    ///   - formatter: Formats in the studio's time zone (``BookableSession/displayFormatter(locale:)``).
    /// - Returns: The label.
    public func label(at now: Date, formatter: DisplayFormatter) -> String {
        guard refundsInFull(cancellingAt: now) else { return localized("No refund if you cancel now") }
        let time = formatter.time(fullRefundUntil)
        if formatter.localDay(of: fullRefundUntil) == formatter.localDay(of: now) {
            return localized("Full refund until %@", .text(time))
        }
        return localized("Full refund until %@, %@", .text(formatter.shortDate(fullRefundUntil)), .text(time))
    }
}
