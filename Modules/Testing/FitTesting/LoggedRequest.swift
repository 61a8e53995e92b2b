import FitCore

/// One request as a ``RequestRig`` saw it: for asserting request counts and round-trip depth.
public struct LoggedRequest: Sendable, CustomStringConvertible {
    /// How the request ended.
    public enum Outcome: Sendable, Hashable {
        /// Still running (waiting for latency, or not finished yet).
        case pending
        /// Answered without error.
        case succeeded
        /// Failed; the text describes the error thrown (a ``/FitCore/DatabaseError``, an injected fault's error, …).
        case failed(String)
        /// Ended by cancellation: the calling task was cancelled, or a ``Fault/cancellation`` was injected.
        case cancelled
    }

    /// Position in the log, from 0.
    public let index: Int
    /// The role the request ran as.
    public let role: DatabaseRole
    /// The request as the client built it.
    public let query: DatabaseQuery
    /// Logical time the request arrived and finished: one counter for all requests, so overlap is exact.
    public let startTick: Int
    /// The logical time the request finished, on the same counter as ``startTick``; `nil` while it is
    /// ``Outcome/pending``.
    public internal(set) var endTick: Int?
    /// How the request ended, or ``Outcome/pending``.
    public internal(set) var outcome: Outcome

    /// `#<index> <role> <query> → <outcome>`, one line per request for a failing test's message.
    public var description: String { "#\(index) \(role) \(query) → \(outcome)" }
}

extension Array where Element == LoggedRequest {
    /// The longest chain of requests each of which started only after the previous one finished:
    /// 1 when every request ran concurrently, N when N ran one after another.
    public var roundTripDepth: Int {
        let finished = filter { $0.endTick != nil }.sorted { $0.startTick < $1.startTick }
        var depth: [Int] = []
        for (i, request) in finished.enumerated() {
            var best = 0
            for j in 0..<i where finished[j].endTick! < request.startTick { best = Swift.max(best, depth[j]) }
            depth.append(best + 1)
        }
        return depth.max() ?? 0
    }
}
