import FitContract
import Foundation

extension ScenarioSession {
    /// A class named "Popular" added by the back office, starting `hours` from now (cut to the whole second), with
    /// `capacity` spots, costing `cost`, at `studio` (the seed's London studio by default).
    ///
    /// - Parameters:
    ///   - hours: How far ahead it starts; two days by default.
    ///   - capacity: Its spots.
    ///   - cost: What booking it costs; 2 credits by default.
    ///   - studio: Its studio; London by default.
    /// - Returns: The class's id.
    /// - Throws: The backend's error when the back office's insert is refused.
    public func addClass(hours: Double = 48, capacity: Int, cost: Decimal = 2, studio: UUID? = nil) async throws
        -> UUID
    {
        try await backOffice.addSession(
            at: studio ?? seed.londonStudio, name: "Popular",
            startsAt: FitKitSeed.wholeSecond(Date()).addingTimeInterval(hours * 3600), capacity: capacity,
            creditCost: cost)
    }
}
