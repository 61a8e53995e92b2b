import FitCore
import Observation

extension StoreStorage {
    /// Runs `operation` as a load of the ``LoadState`` at `load`, updating it (and notifying observers of
    /// `subject`'s `state`) when it starts and when it ends. Returns when the load is done.
    /// Cancellation, including of the awaiting task, leaves the state as it was.
    ///
    /// - Parameters:
    ///   - subject: The store that owns this storage.
    ///   - load: The ``LoadState`` that shows the load.
    ///   - operation: Fetches the value; what it throws is shown as the ``LoadState``'s error, not thrown to the
    ///     caller.
    public func load<Subject: LoadingStore, Value: Sendable>(
        _ subject: Subject,
        _ load: WritableKeyPath<State, LoadState<Value>> & Sendable,
        operation: () async throws -> Value
    ) async where Subject.State == State {
        let keyPath = \Subject.state
        let ticket = write(subject, keyPath) { $0[keyPath: load].begin() }
        let recorder = ResponseRecorder()
        let result = await ResponseRecorder.$current.withValue(recorder) { await Self.outcome(of: operation) }
        let summary = recorder.result
        write(subject, keyPath) {
            $0[keyPath: load].finish(ticket, with: result)
            $0[keyPath: load].applyOrigin(summary, ticket: ticket)
        }
    }
}
