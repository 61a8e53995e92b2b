import FitContract
import FitCore
import FitInMemory
import Testing

/// Each feature's declaration is whole: nothing the generic layers need is left out by forgetting it.
@Suite("Feature declarations")
struct FeatureDeclarationTests {
    @Test(
        "every table and view of the contract has exactly one replica rule, so offline never silently needs the server")
    func everyRelationHasAReplicaRule() {
        let relations = FitKitContract.schema.relationNames
        let rules = FitKitContract.replicaPolicy.rules.map(\.relation)
        #expect(rules.sorted() == relations.sorted())
        #expect(Set(rules).count == rules.count)
    }

    @Test("each feature's rules name its own tables and views")
    func rulesStayInTheirFeature() {
        for feature in FitKitContract.features {
            let own = Set(feature.schema.relationNames)
            #expect(Set(feature.replicaRules.map(\.relation)).isSubset(of: own), "\(feature.name)")
            #expect(Set(feature.viewFeeds.map(\.view)).isSubset(of: own), "\(feature.name)")
        }
    }

    @Test("every view feed names the view's key and columns, and tables of the contract")
    func viewFeedsFitTheSchema() throws {
        let schema = FitKitContract.schema
        let tables = Set(schema.tables.map(\.name))
        for feed in FitKitContract.viewFeeds {
            let view = try #require(schema.views.first { $0.name == feed.view })
            let columns = Set(view.columns.map(\.name))
            #expect(Set(feed.key).isSubset(of: columns), "\(feed.view)")
            for source in feed.sources {
                #expect(tables.contains(source.table), "\(feed.view): \(source.table)")
                #expect(columns.contains(source.viewColumn), "\(feed.view): \(source.viewColumn)")
                let table = try #require(schema.tables.first { $0.name == source.table })
                #expect(table.columns.contains { $0.name == source.column }, "\(source.table).\(source.column)")
            }
        }
    }

    @Test("the business codes are unique across features and each has a message")
    func codesAreUnique() {
        let codes = FitKitContract.errors.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(FitKitContract.errors.allSatisfy { !$0.message.isEmpty })
    }
}
