/// Stops the run when a property of the code under test does not hold: libFuzzer reports the trap as a crash
/// ("deadly signal") and saves the input as a `crash-…` artifact, so a broken property is a finding like a crash.
///
/// - Parameters:
///   - condition: The property; `false` is a finding.
///   - message: What went wrong, with the values involved; printed before the trap.
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    guard !condition() else { return }
    fatalError("fuzz property failed: \(message())", file: file, line: line)
}
