import Foundation

/// Runs blocking work — starting a child process, reading its pipe, waiting for it to die — on a thread of its own
/// and awaits the result, so it never holds a thread of the concurrency pool. The pool has two threads on a
/// two-core machine: two tests blocking one each stall every other test, which then runs into its time limit.
///
/// The thread gets an 8 MiB stack, as the pool's threads have: Foundation's `Process.run()` copies the environment
/// onto the stack, and overran a plain `Thread`'s smaller one in a full CI-sized run.
///
/// - Parameter body: The blocking work; it must not touch the calling task's state.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
