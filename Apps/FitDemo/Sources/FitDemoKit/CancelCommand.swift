import ArgumentParser

/// `fit-demo cancel <booking-id>`.
struct CancelCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "cancel",
        abstract: "Cancel a booking (full refund up to the studio's window before the class, 12 hours unless changed).")

    @ParentCommand var root: FitDemoCommand

    @Argument(help: "The booking's id, or the id of a class you booked.")
    var bookingId: BookingID

    func run(in context: DemoContext) async throws {
        try context.printCancellation(try await context.cancel(id: bookingId.uuid))
        root.options.noteIfNotKept(in: context)
    }
}
