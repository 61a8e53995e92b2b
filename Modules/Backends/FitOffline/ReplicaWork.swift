import FitCore
import Foundation

/// Work on the replica that ``OfflineEngine`` does after the caller has its answer, in order.
enum ReplicaWork: Sendable {
    /// Take a server's answer to a read into the replica; the replica's copy is as of `answeredAt`, when the server
    /// answered.
    case absorb(query: DatabaseQuery, answer: RawResponse, rule: ReplicaRule, role: DatabaseRole, answeredAt: Date)
    /// Save that changes the server accepted have left the outbox (the outbox the next replay reads already lacks
    /// them).
    case saveOutboxRemoval(sequences: [Int])

    /// Whether this work is made unnecessary by `newer`: an older answer to the same request.
    func isSuperseded(by newer: ReplicaWork) -> Bool {
        guard case .absorb(let query, _, _, let role, _) = self,
            case .absorb(let newQuery, _, _, let newRole, _) = newer
        else { return false }
        return query == newQuery && role == newRole
    }

    /// Does the work on `replica`; a failure leaves the replica as it was (the next read brings the rows again, and
    /// a removal not saved only means the server sees those changes again, which it ignores).
    func run(on replica: ReplicaStore) {
        switch self {
        case .absorb(let query, let answer, let rule, let role, let answeredAt):
            try? replica.absorb(query, answer: answer, rule: rule, role: role, answeredAt: answeredAt)
        case .saveOutboxRemoval(let sequences):
            try? replica.saveOutboxRemoval(sequences)
        }
    }
}
