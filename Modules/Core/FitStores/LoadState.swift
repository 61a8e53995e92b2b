import FitCore
import Foundation
import Observation

/// The loading / refetching / error shape that every FitKit store shares for data it fetches.
///
/// - The first load sets ``isLoading``; later loads keep ``value`` visible and set ``isRefetching``.
/// - A load clears the previous ``error`` when it starts (a retry shows progress, not the old failure).
/// - A failed load keeps the previous ``value`` and exposes ``error``.
/// - A cancelled load changes nothing (SwiftUI's `.refreshable` cancels when the view goes away).
/// - Concurrent loads: results apply in request order and an older result never overwrites a newer one
///   (latest request wins).
///
/// Drive it with ``begin()`` and ``finish(_:with:)``, or let ``StoreStorage/load(_:_:operation:)`` do both.
public struct LoadState<Value: Sendable>: Sendable {
    /// The last successfully loaded value; `nil` until the first success.
    public private(set) var value: Value?
    /// The error of the latest finished load or write, cleared when the next load starts and by a success.
    public private(set) var error: (any Error)?
    /// The error a starting load cleared, given back if that load is cancelled.
    private var clearedError: (any Error)?
    /// Where the shown value stands with the server, as an offline-first client reports it: answered (in part) by the
    /// device's replica, as of when, and the offline changes the server refused; ``/FitCore/OfflineState/online``
    /// with a plain client.
    public private(set) var offline = OfflineState.online
    private var nextTicket = 0
    private var appliedTicket = -1
    private var inFlight: Set<Int> = []

    /// An empty state, or one that starts with a value (a cached or preloaded one).
    ///
    /// - Parameter value: The value to show before the first load, or `nil` (the default) for nothing: then the first
    ///   load sets ``isLoading``, while a preloaded value makes it a refetch.
    public init(value: Value? = nil) {
        self.value = value
    }

    /// Whether a value has been loaded.
    public var hasValue: Bool { value != nil }
    /// Whether a load newer than the shown data is running.
    private var isBusy: Bool { inFlight.contains { $0 > appliedTicket } }
    /// A first load is running (nothing to show yet).
    public var isLoading: Bool { isBusy && value == nil }
    /// A reload is running while the previous value stays visible.
    public var isRefetching: Bool { isBusy && value != nil }

    /// Marks a load as started and clears the previous error; pass the returned ticket to ``finish(_:with:)``.
    ///
    /// - Returns: The load's ticket: a number that grows with each call, which orders the results so that an older load
    ///   never overwrites a newer one.
    public mutating func begin() -> Int {
        let ticket = nextTicket
        nextTicket += 1
        inFlight.insert(ticket)
        if let error {
            clearedError = error
            self.error = nil
        }
        return ticket
    }

    /// Records how the load with `ticket` ended. Cancellation leaves everything as it was.
    ///
    /// A result for a ticket older than one already applied is dropped.
    ///
    /// - Parameters:
    ///   - ticket: What ``begin()`` returned for this load.
    ///   - result: The loaded value, or the error; a `CancellationError` changes nothing and gives back the error that
    ///     ``begin()`` cleared.
    public mutating func finish(_ ticket: Int, with result: Result<Value, any Error>) {
        inFlight.remove(ticket)
        guard ticket > appliedTicket else { return }
        switch result {
        case .success(let loaded):
            value = loaded
            error = nil
            clearedError = nil
            appliedTicket = ticket
        case .failure(let failure) where failure is CancellationError:
            // Nothing changed: the error this load cleared when it started is shown again.
            if error == nil, !isBusy { error = clearedError }
        case .failure(let failure):
            error = failure
            clearedError = nil
            appliedTicket = ticket
        }
    }

    /// Records where a finished load's answers came from; applied with its value, so an older load never
    /// overwrites the freshness of a newer one. Refused changes are kept whichever load brought them (each is
    /// reported once).
    mutating func applyOrigin(_ summary: ResponseRecorder.Summary, ticket: Int) {
        offline.rejectedChanges += summary.state.rejectedChanges
        guard ticket == appliedTicket, summary.hasOrigin else { return }
        offline.isOffline = summary.state.isOffline
        offline.lastSynced = summary.state.lastSynced
    }

    /// Records where a write's answer came from: a change queued on the device because the server could not be
    /// reached makes the state offline at once, and one the server took makes it online; when the shown value was
    /// last confirmed stays as the last load found.
    mutating func applyWriteOrigin(_ summary: ResponseRecorder.Summary) {
        offline.rejectedChanges += summary.state.rejectedChanges
        guard summary.hasOrigin else { return }
        offline.isOffline = summary.state.isOffline
    }

    /// Forgets the refused offline changes once a screen has shown them.
    public mutating func clearRejectedChanges() { offline.rejectedChanges = [] }

    /// Replaces the value directly (after a local write), as a completed load would.
    ///
    /// - Parameter newValue: The value to show; it clears ``error`` and counts as newer than every load begun so far,
    ///   so a load still running cannot overwrite it.
    public mutating func set(_ newValue: Value) {
        value = newValue
        error = nil
        clearedError = nil
        appliedTicket = nextTicket - 1
    }

    /// Exposes an error that did not come from a load (a failed write), keeping the value.
    ///
    /// - Parameter newError: The error to show, or `nil` to clear the shown one; ``value`` is kept.
    public mutating func setError(_ newError: (any Error)?) {
        error = newError
        clearedError = nil
    }
}
