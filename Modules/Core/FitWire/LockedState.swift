import Foundation

#if canImport(os)
    import os
#endif

/// A value behind a lock, never held across an `await`.
///
/// On Apple platforms it is an `OSAllocatedUnfairLock` (`Synchronization.Mutex` needs macOS 15 / iOS 18, and
/// FitKit supports macOS 14 / iOS 17). On Linux it is a pthread mutex (`NSLock`) rather than
/// `Synchronization.Mutex`: the latter locks with futexes inside a module ThreadSanitizer does not
/// instrument, so `swift test --sanitize=thread` reports every access it protects as a race (a ten-line
/// program with `Mutex` shows it), while pthread locks are understood by the sanitizer. Correctness is the
/// same either way; this keeps the race detector useful.
package final class LockedState<State: Sendable>: @unchecked Sendable {
    // @unchecked: `state` is only read or written inside `withLock`, which holds the lock.
    #if canImport(os)
        private let lock: OSAllocatedUnfairLock<State>
    #else
        private let lock = NSLock()
        private var state: State
    #endif

    /// Creates the lock around a first value.
    ///
    /// - Parameter initialState: The state before any change.
    package init(_ initialState: State) {
        #if canImport(os)
            lock = OSAllocatedUnfairLock(initialState: initialState)
        #else
            state = initialState
        #endif
    }

    /// Runs `body` with exclusive access to the state.
    ///
    /// `body` must not suspend or re-enter this lock.
    ///
    /// - Parameter body: A closure that may read and change the state.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw (typed as `Failure`); the lock is released and the changes `body` made before
    ///   throwing are kept.
    package func withLock<Result: Sendable, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if canImport(os)
            let outcome: Swift.Result<Result, Failure> = lock.withLockUnchecked { state in
                Swift.Result { () throws(Failure) -> Result in try body(&state) }
            }
            return try outcome.get()
        #else
            lock.lock()
            defer { lock.unlock() }
            return try body(&state)
        #endif
    }

    /// A copy of the state.
    package var value: State { withLock { $0 } }
}
