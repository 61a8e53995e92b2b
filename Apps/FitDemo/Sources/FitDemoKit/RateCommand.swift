import ArgumentParser

/// `fit-demo rate <exercise> <1-5>`.
struct RateCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "rate", abstract: "Rate an exercise from 1 to 5 and show every rating.")

    @ParentCommand var root: FitDemoCommand

    @Argument(help: "The exercise: its name (\"sun salute\"), page number or id.")
    var exercise: String
    @Argument(help: "1 to 5.")
    var rating: RatingArgument

    func run(in context: DemoContext) async throws {
        try await context.rate(exercise, rating.value)
    }
}
