import FitCore
import FitStores
import Foundation
import Observation

/// Holds the signed-in member's credit summary for the credit chip.
///
/// Loads follow ``/FitStores/LoadingStore``'s rules.
public final class CreditsStore: LoadingStore {
    /// Everything the store shows.
    public struct State: Sendable {
        /// The loaded summary and its loading, refetching and error state.
        public var summary = LoadState<CreditSummary>()
        /// Nothing loaded yet.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: CreditsQueries

    /// Creates a store that loads through `queries`.
    ///
    /// - Parameter queries: The Credits requests, acting as the signed-in member.
    public init(queries: CreditsQueries) {
        self.queries = queries
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<CreditSummary>> { \.summary }
    /// The last loaded summary.
    public var summary: CreditSummary? { state.summary.value }

    /// Loads (or reloads) the summary; returns when done.
    public func load() async {
        await storage.load(self, \.summary) { try await queries.getSummary() }
    }

    /// Reloads, keeping the shown summary while it runs (same as ``load()``; named for `.refreshable`).
    public func refresh() async {
        await load()
    }

    /// Follows what other windows and devices write until the calling task is cancelled (SwiftUI:
    /// `.task { await store.follow() }`): it reloads at once, then after every change the backend reports, with
    /// the loading rules of ``refresh()`` (see `StoreStorage.follow`). A backend without a change feed exposes
    /// `ChangeFeedError.notSupported` in ``error`` and the call returns.
    ///
    /// - Parameter pacing: How far apart reloads start while changes keep coming; a second by default.
    public func follow(pacing: ReloadPacing = .standard) async {
        await storage.follow(self, \.summary, changes: [queries.followLedger()], pacing: pacing) { [self] in
            await self.refresh()
        }
    }
}
