// FitKit benchmarks: each line starts with its id and compares two things measured in this run; the run
// ends with MET / NOT MET per goal. Memory is measured first (before the larger benchmarks grow the process)
// and printed last. `FITKIT_BENCH_ONLY=L1,P5` runs only the figures named (`M` is memory; O1 and O2 are the
// offline client's outbox replay and offline read). `FITKIT_BENCH_P5_SIDE=fitpostgres` or `raw` makes P5 run one
// side alone, for a profiler.
import Foundation

/// Writes a line at once (stdout is block-buffered when piped, and the run takes a while).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let only = ProcessInfo.processInfo.environment["FITKIT_BENCH_ONLY"].map {
    Set($0.split(separator: ",").map(String.init))
}

/// Whether the figure `id` runs in this run.
func wanted(_ id: String) -> Bool { only?.contains(id) ?? true }

/// The 1-, 5- and 15-minute load averages, as `uptime` shows them.
func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return "unknown" }
    return loads.map { String(format: "%.2f", $0) }.joined(separator: ", ")
}

say(
    "fit-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage()) at the start"
)
let benchStart = ContinuousClock.now

var figures: [Figure] = []
@MainActor func record(_ figure: Figure) {
    say(figure.line)
    figures.append(figure)
}

let memory = wanted("M") ? try await MemoryBenchmark.run() : nil
if wanted("P1") { for figure in try await P1SessionDetailsBenchmark.run() { record(figure) } }
if wanted("P2") { for figure in try await P2TimetableBenchmark.run() { record(figure) } }
if wanted("P3") { record(try await P3LabelsBenchmark.run()) }
if wanted("P4") { for figure in try await P4QueryBenchmark.run() { record(figure) } }
if wanted("L1") {
    // Off the main actor, so the follower's reloads and the waiting share the cooperative pool, as in an app.
    record(try await Task.detached { try await L1LiveLatencyBenchmark.run() }.value)
    record(try await Task.detached { try await L1PostgresLiveLatency.run() }.value)
}
if wanted("W1") { record(try await Task.detached { try await W1WaitlistPromotionBenchmark.run() }.value) }
if wanted("O1") { for figure in try await O1OfflineReplayBenchmark.run() { record(figure) } }
if wanted("O2") { for figure in try await O2OfflineReadBenchmark.run() { record(figure) } }
if wanted("P7") { for figure in try await P7PersistedWriteBenchmark.run() { record(figure) } }
if wanted("P5") { for figure in try await P5BookingThroughputBenchmark.run() { record(figure) } }
if let memory { record(memory) }

say(
    "fit-bench: load average \(loadAverage()) at the end; figures took \(String(format: "%.0f", Measure.seconds(ContinuousClock.now - benchStart))) s"
)
say("Goals:")
for figure in figures {
    guard let summary = figure.summary else { continue }
    say("  \(summary)")
}
