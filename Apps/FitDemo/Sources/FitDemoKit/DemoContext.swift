import FitContract
import FitCore
import FitInMemory
import FitStores
import Foundation
import Members

/// What a command runs with: the backend (as the service role and as the member), the member, the
/// environment, the output mode and the formatters, built once per run. An app's ``DemoCommand``s and
/// ``DemoTourSection``s get it too.
public struct DemoContext: Sendable {
    /// Where output goes, the time, the clock and the locale.
    public let environment: DemoEnvironment
    /// The service-role client: seeding and looking up members.
    public let service: any DatabaseClient
    /// The member the demo acts as.
    public let member: Member
    /// Print JSON instead of text (`--json`).
    public let json: Bool
    /// With `--offline-replica`: the device whose offline-first client ``service`` is, its network and its clock.
    let offline: OfflineDevice?
    /// Dates of personal things (credits, events, history, workouts) in the member's time zone.
    public let memberFormatter: DisplayFormatter
    private let volumeStyle: FloatingPointFormatStyle<Double>

    init(
        environment: DemoEnvironment, service: any DatabaseClient, member: Member, json: Bool,
        offline: OfflineDevice? = nil
    ) {
        self.environment = environment
        self.service = service
        self.member = member
        self.json = json
        self.offline = offline
        memberFormatter = DisplayFormatter(
            locale: environment.locale, timeZone: TimeZone(identifier: member.timeZone) ?? .gmt)
        volumeStyle = FloatingPointFormatStyle<Double>(locale: environment.locale).precision(.fractionLength(0...1))
    }

    /// The same context printing text: the tour is meant to be read, so it ignores `--json`.
    func printingText() -> DemoContext {
        DemoContext(environment: environment, service: service, member: member, json: false, offline: offline)
    }

    /// The backend acting as the member: what every store uses, so row-level security applies.
    public var client: any DatabaseClient { service.acting(as: .member(member.id)) }
    /// Where results and tour text go.
    public var output: OutputSink { environment.output }
    /// The locale of every label.
    public var locale: Locale { environment.locale }
    /// The current time, as the environment gives it.
    public var now: Date { environment.now() }
    var memberTimeZone: TimeZone { memberFormatter.timeZone }

    /// `2,772.5`.
    func kilograms(_ value: Double) -> String { value.formatted(volumeStyle) }

    /// `18.00`.
    func credits(_ value: Decimal) -> String { memberFormatter.decimal(value) }

    /// Prints `value` as JSON with sorted keys (snake_case, ISO 8601 dates, as on the wire).
    ///
    /// - Parameter value: What to print.
    /// - Throws: `EncodingError` when `value` cannot be encoded.
    public func emitJSON(_ value: some Encodable) throws {
        let encoder = WireCoding.makeEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        output.line(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Resolves `--member` (an id, a full name or a first name, any case); the first seed member by default.
    static func resolveMember(_ text: String?, using service: any DatabaseClient) async throws -> Member {
        let members = try await MembersQueries(client: service).getMembers()
        guard let text else {
            if let seeded = members.first(where: { $0.id == FitKitSeed.fixed.maya.id }) ?? members.first {
                return seeded
            }
            // A member's own client (Supabase) sees only its own row; none means nobody is signed in.
            throw service.role == .service ? DemoError.notSeeded("members") : DemoError.noSignedInMember
        }
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        let match = members.first { member in
            if let id = UUID(uuidString: wanted) { return member.id == id }
            let name = member.displayName.lowercased()
            return name == wanted || name.split(separator: " ").first.map(String.init) == wanted
        }
        guard let match else { throw DemoError.unknownMember(text, known: members.map(\.displayName)) }
        return match
    }
}
