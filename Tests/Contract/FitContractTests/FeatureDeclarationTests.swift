import FitContract
import FitCore
import FitInMemory
import FitOffline
import Testing

/// Each feature's declaration is whole: nothing the generic layers need is left out by forgetting it. FitKit's own
/// features pass `validate()`, the check an app runs on its composed features, and each kind of
/// mistake is found and named.
@Suite("Feature declarations")
struct FeatureDeclarationTests {
    @Test("FitKit's features are whole")
    func fitKitsFeaturesAreWhole() throws {
        try FitKitContract.features.validate()
    }

    /// FitKit's features with `change` made to the one named `name`.
    static func features(changing name: String, _ change: (inout FeatureContract) -> Void) -> [FeatureContract] {
        FitKitContract.features.map { feature in
            var feature = feature
            if feature.name == name { change(&feature) }
            return feature
        }
    }

    /// The problems `features` are found to have.
    static func problems(_ features: [FeatureContract]) -> [FeatureDeclarationError.Problem] {
        do {
            try features.validate()
            return []
        } catch {
            return error.problems
        }
    }

    @Test("a table without a replica rule, or with two, is named")
    func replicaRules() throws {
        let booking = try #require(
            FitKitContract.features.first { $0.replicaRules.contains { $0.relation == "bookings" } })
        let withoutRule = Self.features(changing: booking.name) {
            $0.replicaRules.removeAll { $0.relation == "bookings" }
        }
        #expect(Self.problems(withoutRule) == [.noReplicaRule(relation: "bookings")])

        let rule = try #require(booking.replicaRules.first { $0.relation == "bookings" })
        let twice = Self.features(changing: booking.name) { $0.replicaRules.append(rule) }
        #expect(
            Self.problems(twice) == [.replicaRuleTwice(relation: "bookings", features: [booking.name, booking.name])])
    }

    @Test("a view feed naming a missing column or table is named, with its feature")
    func viewFeeds() throws {
        let feature = try #require(FitKitContract.features.first { !$0.viewFeeds.isEmpty })
        let feed = try #require(feature.viewFeeds.first)
        let wrongKey = Self.features(changing: feature.name) {
            $0.viewFeeds[0] = ViewFeed(view: feed.view, key: ["no_such_column"], sources: feed.sources)
        }
        #expect(
            Self.problems(wrongKey)
                == [.feedColumnNotInView(feature: feature.name, view: feed.view, column: "no_such_column")])

        let source = try #require(feed.sources.first)
        let wrongSource = Self.features(changing: feature.name) {
            $0.viewFeeds[0] = ViewFeed(
                view: feed.view, key: feed.key,
                sources: [
                    ViewFeed.Source(
                        table: source.table, column: "no_such_column", viewColumn: source.viewColumn,
                        effect: source.effect)
                ])
        }
        #expect(
            Self.problems(wrongSource)
                == [
                    .feedSourceMissing(
                        feature: feature.name, view: feed.view, table: source.table, column: "no_such_column")
                ])
    }

    @Test("a business code raised by two features, or without a message, is named")
    func codes() throws {
        let first = try #require(FitKitContract.features.first { !$0.errors.isEmpty })
        let other = try #require(FitKitContract.features.first { $0.name != first.name })
        let code = try #require(first.errors.first)
        let clash = Self.features(changing: other.name) { $0.errors.append(code) }
        // The raisers in the features' order.
        let raisers = FitKitContract.features.map(\.name).filter { $0 == first.name || $0 == other.name }
        #expect(Self.problems(clash) == [.codeTwice(code: code.code, features: raisers)])

        let silent = Self.features(changing: first.name) { $0.errors[0] = DatabaseError(code: code.code, message: "") }
        #expect(Self.problems(silent) == [.codeWithoutMessage(feature: first.name, code: code.code)])
    }

    @Test("an app's code in FitKit's range or PostgreSQL's, or FitKit's outside its own, is named")
    func codeRanges() throws {
        let app = FeatureContract(
            name: "Memberships", schema: InMemorySchema(),
            errors: [
                DatabaseError(code: "MS001", message: "Membership not found"),
                DatabaseError(code: "FB101", message: "Taken from FitKit's range"),
                DatabaseError(code: "P0001", message: "PL/pgSQL's raise"),
                DatabaseError(code: "23505", message: "A unique violation"),
                DatabaseError(code: "ms002", message: "Lower case"),
            ], viewFeeds: [], replicaRules: [])
        #expect(
            Self.problems(FitKitContract.features + [app]) == [
                .codeOutsideRange(feature: "Memberships", code: "FB101"),
                .codeOutsideRange(feature: "Memberships", code: "P0001"),
                .codeOutsideRange(feature: "Memberships", code: "23505"),
                .codeOutsideRange(feature: "Memberships", code: "ms002"),
            ])
        let booking = try #require(FitKitContract.features.first { $0.errors.contains { $0.code == "FB001" } })
        let odd = Self.features(changing: booking.name) {
            $0.errors.append(DatabaseError(code: "XB001", message: "Outside FitKit's range"))
        }
        #expect(Self.problems(odd) == [.codeOutsideRange(feature: booking.name, code: "XB001")])
    }

    @Test("the error lists every problem, one a line, naming feature and object")
    func theErrorSaysWhatIsWrong() {
        let error = FeatureDeclarationError(problems: [
            .noReplicaRule(relation: "plans"),
            .feedColumnNotInView(feature: "Memberships", view: "plan_summary", column: "plan"),
        ])
        #expect(
            error.description == """
                the features' declarations have 2 problem(s):
                - plans has no replica rule: offline, reading it would need the server
                - Memberships: the feed of plan_summary names plan, which is not a column of plan_summary
                """)
    }
}
