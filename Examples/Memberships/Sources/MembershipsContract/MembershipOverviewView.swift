import Credits
import FitCore
import FitInMemory
import Foundation
import Memberships

/// The `membership_overview` view of `0100_memberships.sql`, for the embedded database: each plan with the credits
/// the feature granted its member (ledger rows with ``/Credits/CreditLedgerEntry/Reason/planGrant``). With the
/// caller's rights: a member reads their own plans, the service role every plan.
public enum MembershipOverviewView {
    /// The view's declaration.
    public static let schema = ViewSchema(
        name: "membership_overview",
        columns: [
            Column("id", .uuid),
            Column("member_id", .uuid),
            Column("plan", .text),
            Column("paused_at", .timestamp, nullable: true),
            Column("credits_granted", .numeric, precision: (8, 2)),
        ],
        orderedRows: rows
    )

    /// How the view follows its tables: a plan is its row; a ledger row of the member updates the member's plans.
    public static let feed = ViewFeed(
        view: schema.name, key: ["id"],
        sources: [
            .init(table: MembershipsContract.table.name, column: "id", viewColumn: "id", effect: .sameRow),
            .init(table: "credit_ledger", column: "member_id", viewColumn: "member_id", effect: .updatesRows),
        ])

    @Sendable static func rows(_ context: ViewContext) throws -> [[DatabaseValue]] {
        let plans: [Record]
        switch context.role {
        case .service: plans = try context.records(in: MembershipsContract.table.name)
        case .anonymous: plans = []
        case .member(let id):
            plans = try context.records(in: MembershipsContract.table.name, where: "member_id", equals: .uuid(id))
        }
        var granted: [DatabaseValue: Decimal] = [:]
        for row in try context.records(in: "credit_ledger")
        where row["reason"] == .text(CreditLedgerEntry.Reason.planGrant.rawValue) {
            granted[row["member_id"], default: 0] += row["amount"].decimalValue ?? 0
        }
        return plans.map { plan in
            [plan["id"], plan["member_id"], plan["plan"], plan["paused_at"], .numeric(granted[plan["member_id"]] ?? 0)]
        }
    }
}
