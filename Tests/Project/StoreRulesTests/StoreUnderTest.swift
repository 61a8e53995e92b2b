import FitCore
import FitStores
import FitTesting
import Foundation
import Testing

/// One FitKit store seen through the surface every loading store shares: `load`, `refresh`, `isLoading`,
/// `isRefetching`, `error`, and what it shows (as text, `nil` before anything is loaded).
struct StoreUnderTest: Sendable {
    let load: @Sendable () async -> Void
    let refresh: @Sendable () async -> Void
    let isLoading: @Sendable () -> Bool
    let isRefetching: @Sendable () -> Bool
    let error: @Sendable () -> (any Error)?
    let shown: @Sendable () -> String?
}

extension StoreUnderTest {
    /// `store`'s shared surface (``/FitStores/LoadingStore``), with how to load it and what it shows.
    init(
        _ store: some LoadingStore, load: @escaping @Sendable () async -> Void,
        refresh: @escaping @Sendable () async -> Void, shown: @escaping @Sendable () -> String?
    ) {
        self.init(
            load: load, refresh: refresh, isLoading: { store.isLoading }, isRefetching: { store.isRefetching },
            error: { store.error }, shown: shown)
    }
}

/// A named way to make a store on a fixture, for `@Test(arguments:)` tables.
struct StoreCase: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (FitFixture) -> StoreUnderTest

    var testDescription: String { name }
}

/// A store that writes, with one valid write, one write its validation refuses (nothing sent), and how to tell
/// that the valid write shows up.
struct WritingStoreCase: Sendable, CustomTestStringConvertible {
    struct Subject: Sendable {
        let store: StoreUnderTest
        /// A valid write.
        let write: @Sendable () async throws -> Void
        /// A write that is refused, the typed error it is refused with, and whether it is refused before any
        /// request is sent (validation) or by the backend (an unknown id).
        let invalidWrite: @Sendable () async throws -> Void
        let isRefusal: @Sendable ((any Error)?) -> Bool
        let refusedLocally: Bool
        /// Whether what the store shows includes the valid write.
        let showsWrite: @Sendable () -> Bool
    }

    let name: String
    let make: @Sendable (FitFixture) -> Subject

    /// Matches exactly `expected`.
    static func refusal<Refusal: Error & Equatable & Sendable>(_ expected: Refusal) -> @Sendable ((any Error)?) -> Bool
    {
        { ($0 as? Refusal) == expected }
    }

    var testDescription: String { name }
}
