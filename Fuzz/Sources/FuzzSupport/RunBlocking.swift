import Foundation

/// Runs async work to completion from libFuzzer's synchronous callback, which runs on a thread of its own (not the
/// concurrency pool, so blocking it cannot starve the work it waits for).
///
/// - Parameter body: The work.
/// - Returns: What `body` returned or threw.
public func runBlocking<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) -> Result<
    Value, any Error
> {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        let result: Result<Value, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        box.set(result)
        done.signal()
    }
    done.wait()
    return box.get()
}

/// The result handed from the task to the waiting thread.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?

    func set(_ value: Result<Value, any Error>) { lock.withLock { result = value } }
    func get() -> Result<Value, any Error> { lock.withLock { result! } }
}
