import FitCore

/// Why the demo's argument types refused values during one parse (see ``DemoArgument``).
///
/// ``FitDemo/run(arguments:environment:extensions:)`` binds one to ``current`` around ArgumentParser's parse; when the parse
/// fails and a value was refused, the first reason is what the member sees.
final class RejectedArguments: Sendable {
    /// The collector of the parse in progress; `nil` when ArgumentParser's own `main()` parses, which then
    /// prints its generic message.
    @TaskLocal static var current: RejectedArguments?

    private let reasons = LockedState<[DemoError]>([])

    /// Records why a value was refused.
    func record(_ reason: DemoError) {
        reasons.withLock { $0.append(reason) }
    }

    /// The first value refused, if any.
    var first: DemoError? { reasons.value.first }
}
