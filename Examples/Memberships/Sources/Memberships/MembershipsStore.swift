import FitCore
import FitStores
import Foundation
import Observation

/// The memberships screen: the member's plans, pausing one, and following what other devices do.
public final class MembershipsStore: LoadingStore {
    /// What the screen shows.
    public struct State: Sendable {
        /// The member's plans, as loaded.
        public var memberships = LoadState<[Membership]>()
    }

    private let storage = StoreStorage(State())
    private let queries: MembershipsQueries

    /// A store over `queries`.
    ///
    /// - Parameter queries: The member's requests.
    public init(queries: MembershipsQueries) {
        self.queries = queries
    }

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<[Membership]>> { \.memberships }
    /// The plans loaded so far.
    public var memberships: [Membership] { state.memberships.value ?? [] }

    /// Loads the member's plans.
    public func load() async {
        await storage.load(self, \.memberships) { [queries] in try await queries.getMemberships() }
    }

    /// Reloads on every committed change to the member's plans until cancelled.
    public func follow() async {
        await storage.follow(self, \.memberships, changes: [queries.followMemberships()]) { [self] in
            await self.load()
        }
    }

    /// Pauses a plan, showing it paused once the database says so.
    ///
    /// - Parameter id: The plan.
    /// - Returns: The paused plan.
    /// - Throws: ``MembershipError``, Members' `AccountError`, or the connection's error.
    @discardableResult
    public func pause(_ id: UUID) async throws -> Membership {
        try await storage.write(self, \.memberships) { [queries] in
            try await queries.pause(id: id)
        } apply: { memberships, paused in
            // The function answers with the table's row: the credits stay as the view last said.
            memberships = memberships.map { shown in
                guard shown.id == paused.id else { return shown }
                var updated = paused
                updated.creditsGranted = shown.creditsGranted
                return updated
            }
        } reload: {
            await self.load()
        }
    }
}
