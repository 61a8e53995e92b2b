import ArgumentParser

/// `fit-demo hiit`: the HIIT workout on a fast clock.
struct HIITCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "hiit", abstract: "Run the four-exercise HIIT workout (30 s each, on a clock 100× faster).")

    @ParentCommand var root: FitDemoCommand

    func run(in context: DemoContext) async throws {
        _ = try await context.runHIIT()
    }
}
