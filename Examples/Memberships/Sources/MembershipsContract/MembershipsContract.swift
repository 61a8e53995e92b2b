import Credits
import FitContract
import FitCore
import FitInMemory
import FitOffline
import Foundation
import Memberships

/// The sample feature's declaration ("Adding a feature module", step 3), mirroring `0100_memberships.sql`: the
/// table, `pause_membership` raising ``MembershipError``, the replica keeping the member's plans read-only, and its
/// seed rows.
public enum MembershipsContract {
    /// The `memberships` table of `0100_memberships.sql`.
    public static let table = TableSchema(
        name: "memberships",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid),
            Column("plan", .text),
            Column("paused_at", .timestamp, nullable: true),
            Column("created_at", .timestamp, default: .now),
        ],
        checks: [
            CheckConstraint(name: "memberships_plan_check") { row in
                guard let plan = row["plan"].textValue else { return true }
                return ["monthly", "yearly"].contains(plan)
            }
        ],
        foreignKeys: [ForeignKey("member_id", references: "members", onDelete: .cascade)],
        access: .ownedBy(column: "member_id", memberWritable: false)
    )

    /// `pause_membership(membership_id uuid) returns json`.
    @Sendable static func pause(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("membership_id")
        let member = try transaction.signedInMember()
        guard
            let target = try transaction.records(
                in: table.name,
                where: {
                    $0["id"] == .uuid(id) && $0["member_id"] == .uuid(member)
                }
            ).first
        else { throw MembershipError.notFound.databaseError }
        guard target["paused_at"] == .null else { throw MembershipError.alreadyPaused.databaseError }
        let paused = try transaction.update(
            table.name, where: { $0["id"] == .uuid(id) }, set: ["paused_at": .timestamp(transaction.now)])
        return paused[0].json
    }

    /// Its rows of FitKit's seed: a monthly and a yearly plan for each of the seed's test members, and the yearly
    /// plan's 8 credits in each one's ledger, under the feature's own reason.
    @Sendable static func seed(_ seed: FitKitSeed, now: Date, using service: any DatabaseClient) async throws {
        let plans = seed.testMembers.enumerated().flatMap { index, member in
            ["monthly", "yearly"].enumerated().map { offset, plan in
                Membership(id: seed.id("3E3B5000", index * 2 + offset + 1), memberId: member.id, plan: plan)
            }
        }
        try await service.insertSeedRows(plans, into: table.name)
        let office = BackOffice(service: service)
        for (index, member) in seed.testMembers.enumerated() {
            try await office.addCredits(
                yearlyPlanCredits, to: member.id, reason: .planGrant, id: seed.id("3E3B5C00", index + 1))
        }
    }

    /// The credits a yearly plan grants.
    public static let yearlyPlanCredits: Decimal = 8

    /// The feature's part of the contract: its table and function, its codes, its replica rule and its seed rows.
    public static let feature = FeatureContract(
        name: "Memberships",
        schema: InMemorySchema(
            tables: [table], views: [MembershipOverviewView.schema], functions: [.init("pause_membership", pause)]),
        errors: MembershipError.allCases.map(\.databaseError),
        viewFeeds: [MembershipOverviewView.feed],
        replicaRules: [ReplicaRule("memberships"), ReplicaRule(MembershipOverviewView.schema.name, isPerMember: true)],
        seed: seed)

    /// FitKit's features and this one: what the app hands every backend.
    public static let features = FitKitContract.features + [feature]

    /// The migration's SQL.
    ///
    /// - Throws: `CocoaError` when the resource cannot be read.
    public static func migrationSQL() throws -> String {
        guard let url = Bundle.module.url(forResource: "0100_memberships", withExtension: "sql") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
