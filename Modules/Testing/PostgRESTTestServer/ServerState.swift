import FitCore

/// What the server and its test share: the request log, canned answers, and the gate that holds a request.
///
/// Every wait is a continuation resumed by the event it waits for, never a poll.
final class ServerState: Sendable {
    /// How a held request ended.
    enum HoldOutcome: Sendable {
        /// The test released it (or held another): answer it.
        case released
        /// Its connection closed, or the server stopped, first: drop it.
        case clientGone
    }

    private typealias Waiter = CheckedContinuation<Void, Never>
    private typealias HeldRequest = CheckedContinuation<HoldOutcome, Never>

    /// The request being held, until released or its client goes away.
    private struct Hold: Sendable {
        let id: Int
        let connection: ObjectIdentifier
        var continuation: HeldRequest?
    }

    private struct State: Sendable {
        var requests: [RecordedRequest] = []
        var canned: [HTTPAnswer] = []
        var openConnections: Set<ObjectIdentifier> = []
        var holdsNext = false
        var hold: Hold?
        var holdCount = 0
        /// Outcomes of holds that ended before their request started waiting, by hold id.
        var earlyOutcomes: [Int: HoldOutcome] = [:]
        var heldArrived = false
        var heldConnectionClosed = false
        var arrivalWaiters: [Waiter] = []
        var closeWaiters: [Waiter] = []
        var stopped = false
    }

    private let state = LockedState(State())

    var requests: [RecordedRequest] { state.withLock { $0.requests } }
    var heldConnectionClosed: Bool { state.withLock { $0.heldConnectionClosed } }

    func enqueue(_ answer: HTTPAnswer, count: Int) {
        state.withLock { $0.canned += Array(repeating: answer, count: max(0, count)) }
    }

    /// The next canned answer, if a test queued one.
    func takeCannedAnswer() -> HTTPAnswer? {
        state.withLock { $0.canned.isEmpty ? nil : $0.canned.removeFirst() }
    }

    func holdNextRequest() {
        state.withLock { state in
            state.holdsNext = true
            state.heldArrived = false
            state.heldConnectionClosed = false
        }
    }

    /// Logs `request`; when it is the first after ``holdNextRequest()``, holds it and returns the hold's id for
    /// ``waitWhileHeld(_:)``. One request is held at a time: a hold still in place is released first.
    func arrive(_ request: RecordedRequest, on connection: ObjectIdentifier) -> Int? {
        let (hold, previous, waiters, gone) = state.withLock { state -> (Int?, HeldRequest?, [Waiter], Bool) in
            state.requests.append(request)
            guard state.holdsNext else { return (nil, nil, [], false) }
            state.holdsNext = false
            state.heldArrived = true
            let previous = Self.endHold(&state, .released)
            state.holdCount += 1
            if state.stopped {
                state.earlyOutcomes[state.holdCount] = .clientGone
            } else {
                state.hold = Hold(id: state.holdCount, connection: connection)
            }
            defer { state.arrivalWaiters = [] }
            return (state.holdCount, previous, state.arrivalWaiters, !state.openConnections.contains(connection))
        }
        previous?.resume(returning: .released)
        for waiter in waiters { waiter.resume() }
        // The client may have gone before its request was read to the end.
        if gone { connectionClosed(connection) }
        return hold
    }

    /// Waits until the held request `hold` is released or its client goes away.
    func waitWhileHeld(_ hold: Int) async -> HoldOutcome {
        await withCheckedContinuation { continuation in
            let outcome = state.withLock { state -> HoldOutcome? in
                if let outcome = state.earlyOutcomes.removeValue(forKey: hold) { return outcome }
                guard state.hold?.id == hold else { return .clientGone }
                state.hold?.continuation = continuation
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }

    func waitForHeldRequest() async {
        await withCheckedContinuation { continuation in
            let arrived = state.withLock { state in
                if !state.heldArrived, !state.stopped { state.arrivalWaiters.append(continuation) }
                return state.heldArrived || state.stopped
            }
            if arrived { continuation.resume() }
        }
    }

    func waitForHeldConnectionClose() async {
        await withCheckedContinuation { continuation in
            let closed = state.withLock { state in
                if !state.heldConnectionClosed, !state.stopped { state.closeWaiters.append(continuation) }
                return state.heldConnectionClosed || state.stopped
            }
            if closed { continuation.resume() }
        }
    }

    /// Lets the held request run; before one arrives, cancels ``holdNextRequest()``.
    func releaseHeldRequest() {
        let continuation = state.withLock { state in
            state.holdsNext = false
            return Self.endHold(&state, .released)
        }
        continuation?.resume(returning: .released)
    }

    func connectionOpened(_ connection: ObjectIdentifier) {
        state.withLock { _ = $0.openConnections.insert(connection) }
    }

    func connectionClosed(_ connection: ObjectIdentifier) {
        let (continuation, waiters) = state.withLock { state -> (HeldRequest?, [Waiter]) in
            state.openConnections.remove(connection)
            guard state.hold?.connection == connection else { return (nil, []) }
            state.heldConnectionClosed = true
            defer { state.closeWaiters = [] }
            return (Self.endHold(&state, .clientGone), state.closeWaiters)
        }
        continuation?.resume(returning: .clientGone)
        for waiter in waiters { waiter.resume() }
    }

    /// Drops the held request and wakes every waiter; returns false when the server had already stopped.
    func stop() -> Bool {
        let (wasRunning, continuation, waiters) = state.withLock { state in
            defer {
                state.stopped = true
                state.arrivalWaiters = []
                state.closeWaiters = []
            }
            return (!state.stopped, Self.endHold(&state, .clientGone), state.arrivalWaiters + state.closeWaiters)
        }
        continuation?.resume(returning: .clientGone)
        for waiter in waiters { waiter.resume() }
        return wasRunning
    }

    /// Ends the current hold: returns its waiting request to resume with `outcome`, or records the outcome for the
    /// request to find when it starts waiting.
    private static func endHold(_ state: inout State, _ outcome: HoldOutcome) -> HeldRequest? {
        guard let hold = state.hold else { return nil }
        state.hold = nil
        if hold.continuation == nil { state.earlyOutcomes[hold.id] = outcome }
        return hold.continuation
    }
}
