/// A socket upgrade the ``RealtimeTestServer`` does not open.
struct RefusedUpgrade: Sendable {
    /// The HTTP status it is answered with, or `nil` when the connection closes before any answer.
    var status: Int?
}
