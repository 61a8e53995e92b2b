import FitCore

/// Collects what a command writes, for tests and for callers that post-process output.
public final class OutputBuffer: Sendable {
    private struct State {
        var text = ""
        var waiters: [(fragment: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let storage = LockedState(State())

    public init() {}

    /// Everything written so far.
    public var text: String { storage.withLock { $0.text } }

    /// The lines written so far.
    public var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// A sink that appends to this buffer.
    public var sink: OutputSink {
        OutputSink { [storage] text in
            let ready = storage.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.text += text
                let (met, waiting) = state.waiters.partitioned { state.text.contains($0.fragment) }
                state.waiters = waiting
                return met.map(\.continuation)
            }
            for continuation in ready { continuation.resume() }
        }
    }

    /// Returns once the output contains `fragment` (at once if it already does): how a test waits for a
    /// long-running command such as `watch` to reach a point, without polling.
    public func waitForText(_ fragment: String) async {
        await withCheckedContinuation { continuation in
            let isThere = storage.withLock { state -> Bool in
                if state.text.contains(fragment) { return true }
                state.waiters.append((fragment, continuation))
                return false
            }
            if isThere { continuation.resume() }
        }
    }
}

extension Array {
    /// The elements that satisfy `belongs`, and the rest, each in order.
    fileprivate func partitioned(_ belongs: (Element) -> Bool) -> ([Element], [Element]) {
        var yes: [Element] = []
        var no: [Element] = []
        for element in self {
            if belongs(element) { yes.append(element) } else { no.append(element) }
        }
        return (yes, no)
    }
}
