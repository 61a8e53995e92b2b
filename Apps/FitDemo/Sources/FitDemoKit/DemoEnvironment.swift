import FitInMemory
import FitStores
import Foundation

/// Everything a command takes from the outside world: where output goes, the current time, the clock
/// the HIIT countdown runs on and the locale labels use. The executable uses ``live()``; tests pin "now",
/// use an ``/FitStores/ImmediateClock`` and read an ``OutputBuffer``.
public struct DemoEnvironment: Sendable {
    /// Results and tour text.
    public var output: OutputSink
    /// The one-line error messages.
    public var errorOutput: OutputSink
    /// The current date for the seed, the timetable's lower bound, relative labels and new records.
    public var now: @Sendable () -> Date
    /// What the HIIT countdown sleeps on: a fast clock, so 4 × 30 s runs in about a second.
    public var clock: any Clock<Duration>
    /// The locale of every label (en_US, fixed, so output is the same on every machine).
    public var locale: Locale
    /// Environment variables the options fall back on (`SUPABASE_URL`, `SUPABASE_ANON_KEY`,
    /// `SUPABASE_ACCESS_TOKEN`).
    public var variables: [String: String]
    /// The embedded database to use instead of a new seeded one (it is used as it is, not seeded): lets a test,
    /// or a host app, write into the demo's database from outside while a command such as `watch` runs.
    public var embeddedDatabase: InMemoryDatabase?

    public init(
        output: OutputSink, errorOutput: OutputSink, now: @escaping @Sendable () -> Date, clock: any Clock<Duration>,
        locale: Locale = Locale(identifier: "en_US"), variables: [String: String] = [:],
        embeddedDatabase: InMemoryDatabase? = nil
    ) {
        self.output = output
        self.errorOutput = errorOutput
        self.now = now
        self.clock = clock
        self.locale = locale
        self.variables = variables
        self.embeddedDatabase = embeddedDatabase
    }

    /// The terminal: standard output and error, the real time, and a clock 100× faster than real time.
    public static func live() -> DemoEnvironment {
        DemoEnvironment(
            output: .standardOutput, errorOutput: .standardError, now: { Date() }, clock: ScaledClock(speed: 100),
            variables: ProcessInfo.processInfo.environment)
    }
}
