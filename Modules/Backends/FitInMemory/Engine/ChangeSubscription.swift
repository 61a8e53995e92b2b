import FitCore

/// One follower of the in-memory change feed: what it follows, as whom, and where its changes go.
struct ChangeSubscription: Sendable {
    let target: String
    let filter: Filter?
    let role: DatabaseRole
    let continuation: AsyncThrowingStream<DatabaseChange, any Error>.Continuation
}
