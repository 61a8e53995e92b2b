/// What `validate()` on a list of ``FeatureContract``s found wrong with it: each problem names the feature and the
/// object it concerns.
public struct FeatureDeclarationError: Error, Hashable, CustomStringConvertible {
    /// One thing a feature declares wrongly or leaves out.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// A table or view no feature gives a replica rule: offline, reading it would silently need the server.
        case noReplicaRule(relation: String)
        /// A table or view with more than one replica rule, from these features.
        case replicaRuleTwice(relation: String, features: [String])
        /// A feature's replica rule names a table or view the feature does not declare.
        case replicaRuleOfAnotherFeature(feature: String, relation: String)
        /// A feature's view feed names a view the feature does not declare.
        case feedOfAnotherFeature(feature: String, view: String)
        /// A view feed's key or view column is not a column of the view.
        case feedColumnNotInView(feature: String, view: String, column: String)
        /// A view feed's source is not a table of the features, or its column is not a column of that table.
        case feedSourceMissing(feature: String, view: String, table: String, column: String)
        /// A business code raised by more than one feature (or twice by one).
        case codeTwice(code: String, features: [String])
        /// A business code without a message.
        case codeWithoutMessage(feature: String, code: String)
        /// A business code outside its feature's range: FitKit's features raise `F` and a letter from B to Z, then
        /// three digits (`FB001`); an app's feature raises five letters or digits starting with a letter from I to
        /// Z other than P and X (`MS001`), classes neither FitKit nor PostgreSQL use (`Backend/CONTRACT.md`).
        case codeOutsideRange(feature: String, code: String)

        /// The problem, in a sentence that names the feature and the object.
        public var description: String {
            switch self {
            case .noReplicaRule(let relation):
                "\(relation) has no replica rule: offline, reading it would need the server"
            case .replicaRuleTwice(let relation, let features):
                "\(relation) has a replica rule in more than one place: \(features.joined(separator: ", "))"
            case .replicaRuleOfAnotherFeature(let feature, let relation):
                "\(feature): a replica rule for \(relation), which it does not declare"
            case .feedOfAnotherFeature(let feature, let view):
                "\(feature): a view feed for \(view), which it does not declare"
            case .feedColumnNotInView(let feature, let view, let column):
                "\(feature): the feed of \(view) names \(column), which is not a column of \(view)"
            case .feedSourceMissing(let feature, let view, let table, let column):
                "\(feature): the feed of \(view) follows \(table).\(column), which no feature declares"
            case .codeTwice(let code, let features):
                "\(code) is raised by more than one declaration: \(features.joined(separator: ", "))"
            case .codeWithoutMessage(let feature, let code):
                "\(feature): code \(code) has no message"
            case .codeOutsideRange(let feature, let code):
                "\(feature): code \(code) is outside the feature's range (FitKit: F[B-Z]NNN; an app: five letters or"
                    + " digits starting with I-Z but P and X)"
            }
        }
    }

    /// Every problem found, in the order the checks run.
    public var problems: [Problem]

    /// Creates the error for some problems.
    ///
    /// - Parameter problems: What is wrong.
    public init(problems: [Problem]) {
        self.problems = problems
    }

    /// One line per problem.
    public var description: String {
        "the features' declarations have \(problems.count) problem(s):\n"
            + problems.map { "- \($0)" }.joined(separator: "\n")
    }
}
