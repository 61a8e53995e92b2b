import FitCore

/// What a studio's back office writes: studios, classes, members and their credits, through a service-role client,
/// on any backend. An app seeds its embedded database with it, and tests add the rows a case needs.
///
/// ```swift
/// let database = try InMemoryDatabase.embedded()
/// let office = BackOffice(service: database.client(as: .service))
/// let studio = try await office.addStudio(name: "Shoreditch Studio", timeZone: "Europe/London")
/// let yoga = try await office.addSession(at: studio, name: "Yoga", startsAt: .now.addingTimeInterval(86_400))
/// let maya = try await office.addMember("Maya", credits: 10)
/// ```
///
/// Each feature adds its own writes in its folder of FitContract; a row whose id exists is skipped, so writing the
/// same rows twice changes nothing.
public struct BackOffice: Sendable {
    /// The service-role client the writes go through.
    public let service: any DatabaseClient

    /// A back office writing through `service`.
    ///
    /// - Parameter service: A client acting as the service role (`database.client(as: .service)`).
    public init(service: some DatabaseClient) {
        self.service = service
    }
}
