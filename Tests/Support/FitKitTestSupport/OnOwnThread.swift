import Foundation

/// Runs blocking work — starting a child process, reading its pipe, waiting for it to die — on a thread of its own
/// and awaits the result, so it never holds a thread of the concurrency pool. The pool has two threads on a
/// two-core machine: two tests blocking one each stall every other test, which then runs into its time limit.
///
/// - Parameter body: The blocking work; it must not touch the calling task's state.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
