import FitContract

/// What an app adds to fit-demo from its own package: its features (installed in the embedded database and seeded
/// with FitKit's seed, followed and replicated like FitKit's), its subcommands, and sections at the end of the tour.
///
/// ```swift
/// let memberships = DemoExtension(
///     features: [MembershipsContract.feature], commands: [MembershipsCommand.self],
///     tourSections: [DemoTourSection("Memberships") { context in … }])
/// exit(await FitDemo.run(arguments: arguments, environment: .live(), extensions: [memberships]))
/// ```
///
/// On PostgreSQL (`--database-url`) and Supabase the app's SQL must already be applied: fit-demo applies FitKit's
/// migrations only.
public struct DemoExtension: Sendable {
    /// The app's features, composed after FitKit's.
    public var features: [FeatureContract]
    /// The app's subcommands, listed after FitKit's in `fit-demo --help`.
    public var commands: [any DemoCommand.Type]
    /// Sections the tour runs after FitKit's, in order.
    public var tourSections: [DemoTourSection]

    /// An app's additions.
    ///
    /// - Parameters:
    ///   - features: The app's features; none by default.
    ///   - commands: Its subcommands; none by default.
    ///   - tourSections: Its tour sections; none by default.
    public init(
        features: [FeatureContract] = [], commands: [any DemoCommand.Type] = [], tourSections: [DemoTourSection] = []
    ) {
        self.features = features
        self.commands = commands
        self.tourSections = tourSections
    }

    /// The extensions of the run in progress (``FitDemo/run(arguments:environment:extensions:)`` binds them).
    @TaskLocal static var installed: [DemoExtension] = []

    /// FitKit's features and the installed extensions' ones: what every backend of the run is given.
    static var composedFeatures: [FeatureContract] { FitKitContract.features + installed.flatMap(\.features) }
}
