import FitCore
import Foundation

/// A server's answer to a read that the replica has not taken yet (``OfflineEngine`` takes it off the answer's
/// path).
struct UnabsorbedAnswer: Sendable {
    let query: DatabaseQuery
    let answer: RawResponse
    let rule: ReplicaRule
    let role: DatabaseRole
    /// When the server answered: the replica's copy is as of then.
    let answeredAt: Date

    /// Whether `other` answers the same request, so that only the newer of the two needs taking.
    func answersSameRequest(as other: UnabsorbedAnswer) -> Bool { query == other.query && role == other.role }
}
