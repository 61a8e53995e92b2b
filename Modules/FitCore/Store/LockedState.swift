#if canImport(os)
import os
#else
import Synchronization
#endif

/// A value behind a lock: `Synchronization.Mutex` where the platform minimum allows it (Linux), and
/// `OSAllocatedUnfairLock` on Apple platforms, where `Mutex` needs macOS 15 / iOS 18 and FitKit supports
/// macOS 14 / iOS 17. Never held across an `await`.
public final class LockedState<State: Sendable>: Sendable {
    #if canImport(os)
    private let lock: OSAllocatedUnfairLock<State>
    #else
    private let lock: Mutex<State>
    #endif

    public init(_ initialState: State) {
        #if canImport(os)
        lock = OSAllocatedUnfairLock(initialState: initialState)
        #else
        lock = Mutex(initialState)
        #endif
    }

    /// Runs `body` with exclusive access to the state.
    public func withLock<Result: Sendable, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if canImport(os)
        let outcome: Swift.Result<Result, Failure> = lock.withLockUnchecked { state in
            Swift.Result { () throws(Failure) -> Result in try body(&state) }
        }
        return try outcome.get()
        #else
        let outcome: Swift.Result<Result, Failure> = lock.withLock { state in
            Swift.Result { () throws(Failure) -> Result in try body(&state) }
        }
        return try outcome.get()
        #endif
    }

    /// A copy of the state.
    public var value: State { withLock { $0 } }
}
