import FitCore
import FitStores
import Foundation
import Observation

/// The memberships screen: the member's plans, pausing one, and following what other devices do.
final class MembershipsStore: LoadingStore {
    struct State: Sendable {
        var memberships = LoadState<[Membership]>()
    }

    private let storage = StoreStorage(State())
    private let queries: MembershipsQueries

    init(queries: MembershipsQueries) {
        self.queries = queries
    }

    var state: State { storage.read(self, \.state) }
    static var loadState: KeyPath<State, LoadState<[Membership]>> { \.memberships }
    var memberships: [Membership] { state.memberships.value ?? [] }

    func load() async {
        await storage.load(self, \.state, \.memberships) { [queries] in try await queries.getMemberships() }
    }

    func follow() async {
        await storage.follow(self, \.state, \.memberships, changes: [queries.followMemberships()]) { [self] in
            await self.load()
        }
    }

    @discardableResult
    func pause(_ id: UUID) async throws -> Membership {
        try await storage.write(self, \.state, \.memberships) { [queries] in
            try await queries.pause(id: id)
        } apply: { memberships, paused in
            memberships = memberships.map { $0.id == paused.id ? paused : $0 }
        } reload: {
            await self.load()
        }
    }
}
