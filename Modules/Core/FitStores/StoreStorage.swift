import FitCore
import Observation

/// The state of a store, behind a lock, with observation: the building block of every FitKit store.
///
/// A store is a `final class` that conforms to `Observable` and `Sendable` by hand (not isolated to the main actor,
/// so any async test can drive it; SwiftUI observes it all the same). It keeps one `StoreStorage` and
/// exposes one observable `state` property; its other properties read from `state`:
///
/// ```swift
/// public final class CounterStore: Observable, Sendable {
///     private let storage = StoreStorage(State())
///     public var state: State { storage.read(self) }
///     public var count: Int { state.count }
///     func increment() { storage.write(self) { $0.count += 1 } }
/// }
/// ```
///
/// Every write notifies observers of `state` (so of every property derived from it) after the new state is in
/// place, so an observer that reads again on being notified always sees it. The registrar is called outside
/// the lock; the lock is never held across an `await`.
public final class StoreStorage<State: Sendable>: Sendable {
    private let state: LockedState<State>
    private let registrar = ObservationRegistrar()

    /// Creates a store's storage.
    ///
    /// - Parameter initialState: The state before the first load (usually the `State()` with empty `LoadState`s).
    public init(_ initialState: State) {
        state = LockedState(initialState)
    }

    /// The current state, registering an observation of `keyPath` on `subject`.
    ///
    /// - Parameters:
    ///   - subject: The store that owns this storage.
    ///   - keyPath: The store's observable `state` property, whose observation is registered.
    /// - Returns: A copy of the state, taken under the lock.
    public func read<Subject: Observable>(_ subject: Subject, _ keyPath: KeyPath<Subject, State>) -> State {
        registrar.access(subject, keyPath: keyPath)
        return state.value
    }

    /// Changes the state under the lock and notifies observers of `keyPath` on `subject`.
    ///
    /// - Parameters:
    ///   - subject: The store that owns this storage.
    ///   - keyPath: The store's observable `state` property, whose observers are notified after the change.
    ///   - change: A closure that changes the state in place, under the lock; it must not suspend.
    /// - Returns: What `change` returned.
    @discardableResult
    public func write<Subject: Observable, Result: Sendable>(
        _ subject: Subject, _ keyPath: KeyPath<Subject, State>, _ change: (inout State) -> Result
    ) -> Result {
        // The state changes first, then observers hear of it: whoever reacts to the notification (a view,
        // `waitUntil`) and reads the state again sees the new value, never the old one with the change lost.
        let result = state.withLock(change)
        registrar.willSet(subject, keyPath: keyPath)
        registrar.didSet(subject, keyPath: keyPath)
        return result
    }

    /// The current state of a store, registering an observation of its `state`: what a store's `state` returns.
    ///
    /// ```swift
    /// public var state: State { storage.read(self) }
    /// ```
    ///
    /// - Parameter subject: The store that owns this storage.
    /// - Returns: A copy of the state, taken under the lock.
    public func read<Subject: LoadingStore>(_ subject: Subject) -> State where Subject.State == State {
        read(subject, \Subject.state)
    }

    /// Changes a store's state under the lock and notifies the observers of its `state`.
    ///
    /// - Parameters:
    ///   - subject: The store that owns this storage.
    ///   - change: A closure that changes the state in place, under the lock; it must not suspend.
    /// - Returns: What `change` returned.
    @discardableResult
    public func write<Subject: LoadingStore, Result: Sendable>(
        _ subject: Subject, _ change: (inout State) -> Result
    ) -> Result where Subject.State == State {
        write(subject, \Subject.state, change)
    }
}
