/// What a follower's change feeds and its reloads tell each other (see ``ReloadPacing``): how many changes have
/// arrived, whether a reload runs, and whether a change arrived while one ran.
struct FollowActivity: Sendable {
    /// The changes that have arrived since following began.
    private(set) var changes = 0
    /// Whether a reload runs now.
    private(set) var reloading = false
    /// Whether a change arrived while the last reload ran (since it started).
    private(set) var changedWhileReloading = false

    /// Counts a change that has arrived.
    mutating func changeArrived() {
        changes += 1
        if reloading { changedWhileReloading = true }
    }

    /// Marks a reload as started; returns the number of changes it covers.
    mutating func reloadStarted() -> Int {
        reloading = true
        changedWhileReloading = false
        return changes
    }

    /// Marks the running reload as ended.
    mutating func reloadEnded() { reloading = false }

    /// What to do about the changes that arrived since the reload that covered `covered` changes started.
    enum Next: Equatable {
        /// Nothing new: the last reload covered everything.
        case nothing
        /// Reload at once: one change, or changes that all came after the last reload ended.
        case reload
        /// A burst — several changes, some while the last reload ran: reload after the pacing interval.
        case reloadAfterInterval
    }

    /// What to do next, given that the last reload covered `covered` changes (`-1` before the first).
    func next(covered: Int) -> Next {
        if changes == covered { return .nothing }
        return changes - covered > 1 && changedWhileReloading ? .reloadAfterInterval : .reload
    }
}
