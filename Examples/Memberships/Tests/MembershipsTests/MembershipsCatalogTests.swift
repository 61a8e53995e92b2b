import FitInMemory
import FitTesting
import Foundation
import MembershipsContract
import ScenarioBackends
import Testing

/// The feature's catalog, checked as FitKit checks its own: what its migration gives PostgreSQL is committed as
/// `catalog.json` (beside Package.swift), the Swift mirror is checked against that file on every machine, and the file
/// against a migrated PostgreSQL (run with `FITKIT_WRITE_CATALOG_SNAPSHOT=1` to write it again after changing the
/// migration).
@Suite("The feature's catalog")
struct MembershipsCatalogTests {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("catalog.json")

    @Test("the mirror declares what the committed catalog has: columns, keys, security, policies, the view")
    func theMirrorMatchesTheCommittedCatalog() throws {
        let snapshot = try CatalogSnapshot(contentsOf: Self.url)
        #expect(snapshot.relations.keys.sorted() == ["membership_overview", "memberships"])
        #expect(CatalogDifferences.between(snapshot, MembershipsContract.feature.schema) == [])
    }

    @Test("a mirror that drifts from the catalog is found, one line per difference")
    func aDriftedMirrorIsFound() throws {
        let snapshot = try CatalogSnapshot(contentsOf: Self.url)
        var table = MembershipsContract.table
        let plan = try #require(table.columns.firstIndex { $0.name == "plan" })
        table.columns[plan].isNullable = true
        table.foreignKeys = [ForeignKey("member_id", references: "members")]
        var schema = MembershipsContract.feature.schema
        schema.tables = [table]
        #expect(
            CatalogDifferences.between(snapshot, schema) == [
                "memberships.foreign key member_id: → members.id on delete no action in the mirror, → members.id on delete cascade in PostgreSQL",
                "memberships.plan: nullable in the mirror, not null in PostgreSQL",
            ])
    }

    @Test(
        "the committed catalog is what the migration gives PostgreSQL",
        .enabled(if: ScenarioBackend.available.contains(.postgres), "needs FITKIT_DATABASE_URL"))
    func theCommittedCatalogIsTheMigrations() async throws {
        try await ScenarioBackend.postgres.withMemberships { session in
            let found = try #require(try await session.postgresCatalog(for: MembershipsContract.feature.schema))
            if ProcessInfo.processInfo.environment["FITKIT_WRITE_CATALOG_SNAPSHOT"] == "1" {
                try found.write(to: Self.url)
                return
            }
            #expect(
                found == (try CatalogSnapshot(contentsOf: Self.url)),
                "catalog.json differs from the migrated database; run with FITKIT_WRITE_CATALOG_SNAPSHOT=1 to write it")
        }
    }
}
