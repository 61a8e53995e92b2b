import FitCore
import Foundation
import Observation

/// A store whose screen shows one load: the surface every FitKit store shares, read from one ``LoadState`` of its
/// state.
///
/// A store keeps its state in a ``StoreStorage``, declares its ``state`` and where in it the load lives
/// (``loadState``); the protocol supplies ``isLoading``, ``isRefetching``, ``error`` and the ``offline`` state, each
/// read through ``state`` so that reading it registers an observation. That is the whole preamble of a store:
///
/// ```swift
/// public final class NotesStore: LoadingStore {
///     public struct State: Sendable { public var notes = LoadState<[Note]>() }
///     private let storage = StoreStorage(State())
///     public var state: State { storage.read(self) }
///     public static var loadState: KeyPath<State, LoadState<[Note]>> { \.notes }
///
///     public func load() async {
///         await storage.load(self, \.notes) { try await queries.notes() }
///     }
/// }
/// ```
///
/// ## Loads and errors
///
/// Every store's loads, reloads and follows take ``StoreStorage/load(_:_:operation:)`` and follow ``LoadState``'s
/// rules: the first load sets ``isLoading``; a later one keeps the loaded value visible and sets ``isRefetching``; a
/// failure keeps the value and shows its error in ``error`` (a store's load never throws); a cancelled load changes
/// nothing; when loads overlap, the latest request wins. A store's writes take
/// ``StoreStorage/write(_:_:operation:apply:reload:)``: a failed write keeps the value, shows the error and rethrows
/// it, so a form can stay open; a cancelled write changes nothing.
public protocol LoadingStore: AnyObject, Observable, Sendable {
    /// Everything the screen shows.
    associatedtype State: Sendable
    /// What the load gives.
    associatedtype Loaded: Sendable

    /// The whole state, copied under the store's lock. Reading it registers an observation, so a SwiftUI view (or
    /// ``waitUntil(_:)``) that reads it, or a property derived from it, sees every change.
    var state: State { get }

    /// Where ``state`` keeps the load whose progress, error and offline state the protocol shows.
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
