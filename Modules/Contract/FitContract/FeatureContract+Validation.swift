import FitCore
import FitInMemory

extension [FeatureContract] {
    /// Checks that the features declare, together, everything the backends and FitOffline rely on: every table and
    /// view has exactly one replica rule, each feature's rules and view feeds name only its own tables and views,
    /// each feed's key, columns and sources exist, and each business code is unique, has a message and is in its
    /// feature's range (an app's: five letters or digits starting with a letter from I to Z other than P and X).
    ///
    /// The embedded database never reads view feeds and FitOffline reads replica rules only offline, so a mistake
    /// there shows nowhere else until a live or offline screen goes stale; run this in a test of the app's composed
    /// features (`try (FitKitContract.features + [memberships]).validate()`).
    ///
    /// - Throws: ``FeatureDeclarationError`` listing every problem found; nothing when the features are whole.
    public func validate() throws(FeatureDeclarationError) {
        var problems: [FeatureDeclarationError.Problem] = []
        let schema = self.schema
        let rules = flatMap { feature in feature.replicaRules.map { (feature: feature.name, relation: $0.relation) } }
        for relation in schema.relationNames {
            let owners = rules.filter { $0.relation == relation }.map(\.feature)
            if owners.isEmpty { problems.append(.noReplicaRule(relation: relation)) }
            if owners.count > 1 { problems.append(.replicaRuleTwice(relation: relation, features: owners)) }
        }
        for feature in self {
            let own = Set(feature.schema.relationNames)
            for rule in feature.replicaRules where !own.contains(rule.relation) {
                problems.append(.replicaRuleOfAnotherFeature(feature: feature.name, relation: rule.relation))
            }
            for feed in feature.viewFeeds {
                guard own.contains(feed.view), let view = feature.schema.views.first(where: { $0.name == feed.view })
                else {
                    problems.append(.feedOfAnotherFeature(feature: feature.name, view: feed.view))
                    continue
                }
                let columns = Set(view.columns.map(\.name))
                for column in feed.key + feed.sources.map(\.viewColumn) where !columns.contains(column) {
                    problems.append(.feedColumnNotInView(feature: feature.name, view: feed.view, column: column))
                }
                for source in feed.sources {
                    let table = schema.tables.first { $0.name == source.table }
                    if table?.columns.contains(where: { $0.name == source.column }) != true {
                        problems.append(
                            .feedSourceMissing(
                                feature: feature.name, view: feed.view, table: source.table, column: source.column))
                    }
                }
            }
        }
        let codes = flatMap { feature in feature.errors.map { (feature: feature.name, error: $0) } }
        let fitKits = Set(FitKitContract.features.map(\.name))
        var reported: Set<String> = []
        for (feature, error) in codes {
            if error.message.isEmpty { problems.append(.codeWithoutMessage(feature: feature, code: error.code)) }
            if !Self.isInRange(error.code, forFitKit: fitKits.contains(feature)) {
                problems.append(.codeOutsideRange(feature: feature, code: error.code))
            }
            let raisers = codes.filter { $0.error.code == error.code }.map(\.feature)
            if raisers.count > 1, reported.insert(error.code).inserted {
                problems.append(.codeTwice(code: error.code, features: raisers))
            }
        }
        if !problems.isEmpty { throw FeatureDeclarationError(problems: problems) }
    }

    /// Whether `code` is in the range of FitKit's own features (`F` and a letter from B to Z, then three digits) or,
    /// for an app's feature, in the apps' range (five uppercase letters or digits, the first a letter from I to Z
    /// other than P and X: classes neither FitKit nor PostgreSQL raise).
    static func isInRange(_ code: String, forFitKit: Bool) -> Bool {
        if forFitKit { return code.wholeMatch(of: /F[B-Z][0-9]{3}/) != nil }
        return code.wholeMatch(of: /[I-OQ-WYZ][0-9A-Z]{4}/) != nil
    }
}
