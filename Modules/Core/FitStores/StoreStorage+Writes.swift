import FitCore
import Observation

extension StoreStorage {
    /// Runs one write of a store: the shared path every FitKit store's changes take.
    ///
    /// - `operation` validates and sends the write. If it throws, the error is exposed in the ``LoadState`` at
    ///   `load` (keeping the shown value) and rethrown, so a form can stay open; a cancellation is rethrown
    ///   without being exposed. Validation errors thrown inside `operation` take the same path.
    /// - On success, `apply` merges the result into the loaded value and observers are notified. When nothing
    ///   has been loaded yet, `reload` runs instead, so the write shows up and the list is never partial.
    ///
    /// - Parameters:
    ///   - subject: The store that owns this storage.
    ///   - load: The ``LoadState`` of the data the write changes.
    ///   - operation: Validates and sends the write.
    ///   - apply: Merges `operation`'s result into the loaded value.
    ///   - reload: Loads the data when nothing was loaded yet.
    /// - Returns: what `operation` returned.
    /// - Throws: What `operation` threw (a validation error, a ``/FitCore/DatabaseError``, a ``/FitCore/ConnectionError``, …), after
    ///   exposing it in the ``LoadState`` at `load`; a `CancellationError` is rethrown without being exposed.
    public func write<Subject: LoadingStore, Value: Sendable, Output: Sendable>(
        _ subject: Subject,
        _ load: WritableKeyPath<State, LoadState<Value>> & Sendable,
        operation: () async throws -> Output,
        apply: (inout Value, Output) -> Void,
        reload: () async -> Void
    ) async throws -> Output where Subject.State == State {
        let keyPath = \Subject.state
        let output: Output
        let recorder = ResponseRecorder()
        do {
            output = try await ResponseRecorder.$current.withValue(recorder) { try await operation() }
        } catch {
            if !(error is CancellationError) {
                write(subject, keyPath) { $0[keyPath: load].setError(error) }
            }
            throw error
        }
        let summary = recorder.result
        let applied = write(subject, keyPath) { state -> Bool in
            state[keyPath: load].applyWriteOrigin(summary)
            guard var value = state[keyPath: load].value else { return false }
            apply(&value, output)
            state[keyPath: load].set(value)
            return true
        }
        if !applied { await reload() }
        return output
    }

    /// Runs `operation` as the one action at a time of the ``LoadState`` at `action` (a Book or Save button):
    /// a call made while an action runs is ignored and returns `nil`, so a double tap sends one request.
    ///
    /// The action's progress, result and error follow ``LoadState``; a failure is shown there and thrown, as every
    /// store action throws; a cancelled action leaves the previous result and error as they were.
    ///
    /// - Parameters:
    ///   - subject: The store that owns this storage.
    ///   - action: The ``LoadState`` of the action, whose value is the last result.
    ///   - operation: The action.
    /// - Returns: the action's result, or `nil` when another action was running.
    /// - Throws: What `operation` threw, after showing it in the ``LoadState`` at `action`; `CancellationError` when
    ///   the task was cancelled meanwhile, without showing it.
    public func runExclusively<Subject: LoadingStore, Value: Sendable>(
        _ subject: Subject,
        _ action: WritableKeyPath<State, LoadState<Value>> & Sendable,
        operation: () async throws -> Value
    ) async throws -> Value? where Subject.State == State {
        let keyPath = \Subject.state
        let ticket: Int? = write(subject, keyPath) { state in
            state[keyPath: action].isLoading || state[keyPath: action].isRefetching
                ? nil : state[keyPath: action].begin()
        }
        guard let ticket else { return nil }
        let result = await Self.outcome(of: operation)
        write(subject, keyPath) { $0[keyPath: action].finish(ticket, with: result) }
        return try result.get()
    }

    /// The result of `operation`, a cancellation when the task was cancelled meanwhile.
    static func outcome<Value: Sendable>(of operation: () async throws -> Value) async -> Result<Value, any Error> {
        do {
            let value = try await operation()
            return Task.isCancelled ? .failure(CancellationError()) : .success(value)
        } catch {
            return .failure(Task.isCancelled ? CancellationError() : error)
        }
    }
}
