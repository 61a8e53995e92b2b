import FitKitTestSupport
import FitStores
import Foundation
import Testing

/// The store rules run over every store: each `LoadingStore` in `Modules/` is in ``StoreCases/loading``, found from
/// its conformance in the sources, so a new store cannot be left out by forgetting a list.
@Suite struct StoreCoverageTests {
    /// Stores that run actions rather than load a screen: ``ActionRulesTests`` covers them.
    static let actionStores: Set<String> = ["BookingStore"]

    /// The classes in `Modules/` that declare `: LoadingStore`.
    static func loadingStores() throws -> Set<String> {
        var names: Set<String> = []
        for (_, text) in try RepositoryFiles.files(under: "Modules", withExtension: "swift") {
            let declarations = text.matches(of: /^public final class (\w+): LoadingStore/.anchorsMatchLineEndings())
            for match in declarations { names.insert(String(match.1)) }
        }
        return names
    }

    @Test func everyLoadingStoreIsInTheStoreRuleTable() throws {
        let declared = try Self.loadingStores()
        #expect(declared.count >= 9)
        let covered = Set(StoreCases.loading.map(\.name))
        #expect(declared.subtracting(Self.actionStores) == covered)
    }
}
