import ScenarioBackends

/// One thing a member, an anonymous caller or the service role does to the feature's part of the contract, by index
/// into the run's world (the seed's three test members, and the plans in the order they were made), so that the same
/// operation means the same rows on both backends.
enum MembershipsFuzzOperation: Sendable, CustomStringConvertible {
    /// A member pauses a plan (theirs or someone else's).
    case pause(member: Int, plan: Int)
    /// An anonymous caller pauses a plan.
    case anonymousPause(plan: Int)
    /// A member pauses a plan nobody has.
    case pauseUnknown(member: Int)
    case readPlans(member: Int)
    case readOverview(member: Int)
    /// The service role grants credits under the feature's ledger reason.
    case grant(member: Int, amount: Int)
    /// The service role adds a plan; `weekly` is one the table's check refuses.
    case addPlan(member: Int, plan: String)
    case deleteAccount(member: Int)

    /// The seed's test members: Alice, Bob and Carol.
    static let memberCount = 3

    var description: String {
        switch self {
        case .pause(let member, let plan): "member \(member) pauses plan \(plan)"
        case .anonymousPause(let plan): "an anonymous caller pauses plan \(plan)"
        case .pauseUnknown(let member): "member \(member) pauses a plan nobody has"
        case .readPlans(let member): "member \(member) reads their plans"
        case .readOverview(let member): "member \(member) reads their overview"
        case .grant(let member, let amount): "the service role grants member \(member) \(amount) plan credits"
        case .addPlan(let member, let plan): "the service role adds a \(plan) plan for member \(member)"
        case .deleteAccount(let member): "member \(member) deletes their account"
        }
    }

    /// A random operation.
    static func random(using random: inout FuzzRandom) -> MembershipsFuzzOperation {
        let member = random.below(memberCount)
        switch random.below(100) {
        case 0..<30: return .pause(member: member, plan: random.below(12))
        case 30..<35: return .anonymousPause(plan: random.below(12))
        case 35..<40: return .pauseUnknown(member: member)
        case 40..<55: return .readPlans(member: member)
        case 55..<70: return .readOverview(member: member)
        case 70..<80: return .grant(member: member, amount: 1 + random.below(8))
        case 80..<95: return .addPlan(member: member, plan: ["monthly", "yearly", "weekly"][random.below(3)])
        default: return .deleteAccount(member: member)
        }
    }
}
