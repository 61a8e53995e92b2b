import FitContract
import FitInMemory
import FitKitTestSupport
import FitTesting
import Testing

/// The Swift mirror against `Backend/catalog.json`, the catalog of a database migrated with `Backend/migrations`
/// (FitPostgres's tests keep that file true to the migrations): on every machine, with or without PostgreSQL.
@Suite("The Swift mirror against the committed catalog")
struct CatalogMirrorTests {
    @Test(
        "every table's columns (types, nullability, defaults), keys, foreign keys, security and policies, and every view's column types, are as the catalog has them"
    )
    func mirrorMatchesTheCatalog() throws {
        let differences = CatalogDifferences.between(try FitKitCatalog.committed(), FitKitContract.schema)
        // Exactly the differences kept on purpose: none new, and none that has gone without its entry going.
        #expect(differences == FitKitCatalog.knownDifferences.keys.sorted())
    }

    @Test("the mirror runs each table's triggers in the order PostgreSQL fires them")
    func triggersRunInPostgreSQLsOrder() throws {
        let snapshot = try FitKitCatalog.committed()
        #expect(CatalogDifferences.triggerOrder(snapshot.triggers, FitKitContract.schema.triggers) == [])
        #expect(snapshot.triggers["class_sessions"]?.count ?? 0 >= 2, "\(snapshot.triggers)")
    }

    /// The comparison finds each kind of difference: a table whose mirror is changed in one item, or whose catalog
    /// loses a policy, or whose triggers run in another order, gives exactly the line for that item.
    @Test("a planted difference of each kind is found")
    func plantedDifferencesAreFound() throws {
        let snapshot = try FitKitCatalog.committed()
        let schema = FitKitContract.schema
        let sessions = try #require(schema.tables.first { $0.name == "class_sessions" })
        let bookings = try #require(schema.tables.first { $0.name == "bookings" })
        let sessionFacts = try #require(snapshot.relations["class_sessions"])
        let bookingFacts = try #require(snapshot.relations["bookings"])
        #expect(CatalogDifferences.between(sessionFacts, sessions) == [])
        #expect(CatalogDifferences.between(bookingFacts, bookings) == [])

        func planted(_ table: TableSchema, _ change: (inout TableSchema) -> Void) -> TableSchema {
            var table = table
            change(&table)
            return table
        }
        let position = try #require(sessions.index(of: "credit_cost"))
        let cases: [(TableSchema, TableFacts, String)] = [
            (planted(sessions) { $0.columns[position].type = .integer }, sessionFacts, "type integer"),
            (planted(sessions) { $0.columns[position].isNullable = true }, sessionFacts, "nullable"),
            (planted(sessions) { $0.columns[position].defaultValue = .value(.integer(1)) }, sessionFacts, "default 1"),
            (
                planted(bookings) {
                    $0.foreignKeys = $0.foreignKeys.map { ForeignKey($0.column, references: $0.referencedTable) }
                }, bookingFacts, "on delete no action"
            ),
        ]
        for (table, facts, expected) in cases {
            let found = CatalogDifferences.between(facts, table)
            #expect(found.count == 1 && found.allSatisfy { $0.contains(expected) }, "\(found)")
        }
        var withoutIndex = sessionFacts
        withoutIndex.indexes = []
        #expect(
            CatalogDifferences.between(withoutIndex, sessions) == [
                "class_sessions.index on starts_at: ordered in the mirror, none in PostgreSQL"
            ])
        var withoutFeed = sessionFacts
        withoutFeed.notifiesChanges = false
        #expect(
            CatalogDifferences.between(withoutFeed, sessions) == [
                "class_sessions.change feed: every change published in the mirror, no trigger in PostgreSQL"
            ])
        var withoutPolicy = bookingFacts
        withoutPolicy.policies = []
        #expect(
            CatalogDifferences.between(withoutPolicy, bookings) == [
                "bookings: no policy lets a member read the rows whose member_id is theirs"
            ])
        let onSessions = schema.triggers.filter { $0.table == "class_sessions" }
        let reordered = schema.triggers.filter { $0.table != "class_sessions" } + onSessions.reversed()
        let differences = CatalogDifferences.triggerOrder(snapshot.triggers, reordered)
        #expect(differences.count == 1 && differences.allSatisfy { $0.hasPrefix("class_sessions: triggers") })
    }
}
