import Foundation

/// Timing helpers: every figure is a comparison of two things measured in the same run, because these
/// machines are noisy.
enum Measure {
    /// The mean time of one call of `body`, in seconds, over as many calls as fill about 20 ms (at least one).
    static func perCall(_ body: () async throws -> Void) async throws -> Double {
        var calls = 0
        let start = ContinuousClock.now
        var elapsed = 0.0
        repeat {
            try await body()
            calls += 1
            elapsed = seconds(ContinuousClock.now - start)
        } while elapsed < 0.02
        return elapsed / Double(calls)
    }

    /// The fastest of `rounds` runs of `body`, in seconds.
    static func best(rounds: Int = 7, _ body: () async throws -> Void) async rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            best = min(best, try await time(body))
        }
        return best
    }

    /// One run of `body`, in seconds.
    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = ContinuousClock.now
        try await body()
        return seconds(ContinuousClock.now - start)
    }

    /// A duration in seconds, as a `Double`.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ seconds: Double) -> String {
        String(format: seconds < 0.001 ? "%.3f ms" : "%.2f ms", seconds * 1000)
    }

    static func ratio(_ value: Double) -> String {
        String(format: "%.2f×", value)
    }

    /// `MET` or `NOT MET`, the word every figure line with a goal ends with.
    static func verdict(_ met: Bool) -> String { met ? "MET" : "NOT MET" }
}

/// The median, minimum and maximum of several runs of one measurement.
struct Spread {
    let values: [Double]

    init(_ values: [Double]) {
        precondition(!values.isEmpty, "a spread needs at least one run")
        self.values = values.sorted()
    }

    var median: Double {
        let count = values.count
        return count % 2 == 1 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2
    }
    var min: Double { values[0] }
    var max: Double { values[values.count - 1] }

    /// `12.00× (min 11.50×, max 12.40×, 5 runs)`.
    func ratios() -> String {
        "\(Measure.ratio(median)) (min \(Measure.ratio(min)), max \(Measure.ratio(max)), \(values.count) runs)"
    }

    /// `1.20 ms (1.10–1.40 ms)`.
    func milliseconds() -> String {
        "\(Measure.milliseconds(median)) (\(Measure.milliseconds(min))–\(Measure.milliseconds(max)))"
    }
}

/// One printed figure and, when it has a goal, whether this run met it. The line is built here from the
/// text, the goal and the verdict, so the line and the summary at the end cannot disagree.
struct Figure {
    var id: String
    /// What was measured and the numbers, without the goal.
    var text: String
    /// The goal in words, e.g. "depth 1"; `nil` for a figure that is only reported.
    var goal: String?
    var met: Bool?
    /// A goal to read the figure against rather than one the run must meet: the line and the summary say so.
    var isInformational: Bool

    init(id: String, text: String, goal: String? = nil, met: Bool? = nil, isInformational: Bool = false) {
        self.id = id
        self.text = text
        self.goal = goal
        self.met = met
        self.isInformational = isInformational
    }

    /// `MET` or `NOT MET` when the figure has a goal: the one verdict both the line and the summary print.
    var verdict: String? {
        guard goal != nil, let met else { return nil }
        return Measure.verdict(met)
    }

    /// The printed line: the text, then `(goal …) MET` or `(goal …) NOT MET` (`informational goal` for an
    /// informational one), or `(reported, no goal)`.
    var line: String {
        guard let goal, let verdict else { return "\(text) (reported, no goal)" }
        return "\(text) (\(isInformational ? "informational goal" : "goal") \(goal)) \(verdict)"
    }

    /// The figure's entry in the run's closing list of goals, or `nil` without a goal.
    var summary: String? {
        guard let goal, let verdict else { return nil }
        return "\(id) \(goal)\(isInformational ? " (informational)" : ""): \(verdict)"
    }
}

/// This process's CPU time (user and system, every thread) and context switches so far, from `getrusage`: the
/// client's own cost of a phase, apart from the server's.
struct ProcessUsage {
    var cpuSeconds: Double
    var contextSwitches: Int

    static func now() -> ProcessUsage {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ProcessUsage(
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            contextSwitches: Int(usage.ru_nvcsw + usage.ru_nivcsw))
    }

    static func - (later: ProcessUsage, earlier: ProcessUsage) -> ProcessUsage {
        ProcessUsage(
            cpuSeconds: later.cpuSeconds - earlier.cpuSeconds,
            contextSwitches: later.contextSwitches - earlier.contextSwitches)
    }
}
