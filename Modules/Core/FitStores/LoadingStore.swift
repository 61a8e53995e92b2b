import FitCore
import Foundation
import Observation

/// A store whose screen shows one load: the surface every FitKit store shares, read from one ``LoadState`` of its
/// state.
///
/// A store declares its ``state`` and where in it the load lives (``loadState``); the protocol supplies
/// ``isLoading``, ``isRefetching``, ``error`` and the ``offline`` state, each read through ``state`` so that reading it
/// registers an observation.
///
/// ```swift
/// public final class NotesStore: LoadingStore {
///     public struct State: Sendable { public var notes = LoadState<[Note]>() }
///     public static let loadState = \State.notes
///     private let storage = StoreStorage(State())
///     public var state: State { storage.read(self, \.state) }
/// }
/// ```
public protocol LoadingStore: AnyObject, Observable, Sendable {
    /// Everything the screen shows.
    associatedtype State: Sendable
    /// What the load gives.
    associatedtype Loaded: Sendable

    /// The whole state, copied under the store's lock; reading it registers an observation.
    var state: State { get }

    /// Where ``state`` keeps the load the shared surface describes.
    static var loadState: KeyPath<State, LoadState<Loaded>> { get }
}

extension LoadingStore {
    /// The load, as ``state`` holds it now.
    private var load: LoadState<Loaded> { state[keyPath: Self.loadState] }

    /// Whether the first load is running (nothing to show yet).
    public var isLoading: Bool { load.isLoading }

    /// Whether a reload is running while the loaded data stays visible.
    public var isRefetching: Bool { load.isRefetching }

    /// The latest failure of a load (or of a write the store applies to it); cleared by the next success.
    public var error: (any Error)? { load.error }

    /// Where what is shown stands with the server, with an offline-first client such as FitOffline's: whether it came
    /// from the device's replica (or a change was queued there), as of when (a screen can say "offline · updated
    /// 10 min ago"), and the offline changes the server refused. ``/FitCore/OfflineState/online`` with other clients.
    public var offline: OfflineState { load.offline }
}
