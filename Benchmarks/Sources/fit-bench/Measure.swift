import Foundation

/// Timing helpers: every figure is a comparison of two things measured in the same run, because these
/// machines are noisy. Each measurement takes the best of several rounds.
enum Measure {
    /// The fastest of `rounds` runs of `body`, in seconds.
    static func best(rounds: Int = 7, _ body: () async throws -> Void) async rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            try await body()
            best = min(best, seconds(ContinuousClock.now - start))
        }
        return best
    }

    /// A duration in seconds, as a `Double`.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.2f ms", seconds * 1000)
    }

    static func ratio(_ value: Double) -> String {
        String(format: "%.2f×", value)
    }

    /// `MET` or `NOT MET`, the word every figure line ends with.
    static func verdict(_ met: Bool) -> String { met ? "MET" : "NOT MET" }
}

/// One printed figure and, when it has a goal, whether this run met it.
struct Figure {
    var id: String
    var line: String
    /// The goal in words, e.g. "depth 1"; `nil` for a figure that is only reported.
    var goal: String?
    var met: Bool?

    init(id: String, line: String, goal: String? = nil, met: Bool? = nil) {
        self.id = id
        self.line = line
        self.goal = goal
        self.met = met
    }
}
