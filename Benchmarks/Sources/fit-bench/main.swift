// FitKit benchmarks: each line starts with its id and compares two things measured in this run; the run
// ends with MET / NOT MET per goal. Memory is measured first (before the larger benchmarks grow the process)
// and printed last.
import Foundation

/// Writes a line at once (stdout is block-buffered when piped, and the run takes a while).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func report(_ figure: Figure) {
    say(figure.line)
}

var figures: [Figure] = []
let memory = try await MemoryBenchmark.run()
for figure in try await P1SessionDetailsBenchmark.run() {
    report(figure)
    figures.append(figure)
}
for benchmark in [P2TimetableBenchmark.run, P3LabelsBenchmark.run] {
    let figure = try await benchmark()
    report(figure)
    figures.append(figure)
}
let p4Line = try await P4QueryBenchmark.run()
let p4 = Figure(id: "P4", line: p4Line, goal: "≤ 3× hand-written", met: p4Line.hasSuffix(" MET"))
report(p4)
figures.append(p4)
for benchmark in [L1LiveLatencyBenchmark.run, L1PostgresLiveLatency.run] {
    let figure = try await benchmark()
    report(figure)
    figures.append(figure)
}
for figure in try await P5BookingThroughputBenchmark.run() {
    report(figure)
    figures.append(figure)
}
report(memory)
figures.append(memory)

say("Goals:")
for figure in figures {
    guard let goal = figure.goal, let met = figure.met else { continue }
    say("  \(figure.id) \(goal): \(Measure.verdict(met))")
}
