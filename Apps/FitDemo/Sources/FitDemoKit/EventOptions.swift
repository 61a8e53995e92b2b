import ArgumentParser
import Events

/// The options `events add` and `events edit` share: when the event is, and its text colour.
struct EventOptions: ParsableArguments {
    @Option(help: "When: YYYY-MM-DD, YYYY-MM-DDTHH:MM (your time zone) or ISO 8601.")
    var date: DateArgument?

    @Option(help: "Text colour, #RRGGBBAA.")
    var color: RGBAColor?
}
