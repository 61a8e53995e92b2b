import Foundation

/// A running total of seconds that concurrent requests add to (the server's share of a replay in O1).
final class SecondsTotal: @unchecked Sendable {
    // @unchecked: `total` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var total = 0.0

    /// Adds `seconds` to the total.
    func add(_ seconds: Double) {
        lock.withLock { total += seconds }
    }

    /// The total so far.
    var value: Double { lock.withLock { total } }

    /// Sets the total back to zero.
    func reset() {
        lock.withLock { total = 0 }
    }
}
