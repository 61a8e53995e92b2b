import FitContract
import FitCore
import Foundation
import ScenarioBackends

/// One backend's side of a fuzz run of the feature: a scenario session with the run's seed, the plans made so far in
/// order (the seed's six, then those the run adds, with ids from the seed so both sides give them the same), and the
/// requests each operation makes.
final class MembershipsFuzzSide {
    let session: ScenarioSession
    private var plans: [UUID]
    private var added = 0

    init(session: ScenarioSession) {
        self.session = session
        plans = (1...6).map { session.seed.id("3E3B5000", $0) }
    }

    /// The side as the fuzzer runs it.
    var side: DifferentialFuzzer<MembershipsFuzzOperation>.Side {
        .init(run: { await self.run($0) }, tables: { await self.tables() })
    }

    private var members: [UUID] { session.seed.testMembers.map(\.id) }

    private func member(_ index: Int) -> any DatabaseClient { session.directClient(members[index]) }

    private func plan(_ index: Int) -> String { plans[index % plans.count].uuidString }

    func run(_ operation: MembershipsFuzzOperation) async -> String {
        await FuzzAnswer.of(request(for: operation), naming: name(of:))
    }

    private func request(for operation: MembershipsFuzzOperation) -> FilterBuilder {
        switch operation {
        case .pause(let member, let plan):
            return self.member(member).rpc("pause_membership", params: ["membership_id": self.plan(plan)])
        case .anonymousPause(let plan):
            return session.anonymous.rpc("pause_membership", params: ["membership_id": self.plan(plan)])
        case .pauseUnknown(let member):
            let nobodys = session.seed.id("3E3B5F00", 1).uuidString
            return self.member(member).rpc("pause_membership", params: ["membership_id": nobodys])
        case .readPlans(let member):
            return self.member(member).from("memberships").select()
        case .readOverview(let member):
            return self.member(member).from("membership_overview").select()
        case .grant(let member, let amount):
            added += 1
            let row: JSONValue = [
                "id": .string(session.seed.id("3E3B5B00", added).uuidString),
                "member_id": .string(members[member].uuidString), "amount": .number(Decimal(amount)),
                "reason": "memberships.plan_grant",
            ]
            return session.service.from("credit_ledger").insert(row)
        case .addPlan(let member, let plan):
            added += 1
            let id = session.seed.id("3E3B5A00", added)
            if plan != "weekly" { plans.append(id) }
            let row: JSONValue = [
                "id": .string(id.uuidString), "member_id": .string(members[member].uuidString), "plan": .string(plan),
            ]
            return session.service.from("memberships").insert(row, returning: .representation)
        case .deleteAccount(let member):
            return self.member(member).rpc("delete_my_account")
        }
    }

    /// The feature's table and the members' ledgers, as the service role reads them.
    func tables() async -> [String] {
        let members = members.map(\.uuidString)
        var tables: [String] = []
        for table in ["memberships", "credit_ledger"] {
            let read = session.service.from(table).select().in("member_id", values: members)
            tables.append("\(table): \(await FuzzAnswer.of(read, naming: name(of:)))")
        }
        return tables
    }

    /// The run's members and plans by name; `nil` for any other id.
    private func name(of id: UUID) -> String? {
        if let index = members.firstIndex(of: id) { return "member \(index)" }
        if let index = plans.firstIndex(of: id) { return "plan \(index)" }
        return nil
    }
}
