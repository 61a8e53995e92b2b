import Foundation

extension WorkoutsStore {
    /// The former name of ``add(_:)``, renamed to match `EventsStore`'s verbs.
    ///
    /// - Parameter draft: The new workout.
    /// - Returns: The stored workout.
    /// - Throws: What ``add(_:)`` throws.
    @available(*, deprecated, renamed: "add(_:)")
    @discardableResult
    public func create(_ draft: WorkoutDraft) async throws -> Workout { try await add(draft) }

    /// The former name of ``update(_:to:)``, renamed to match `EventsStore`'s verbs.
    ///
    /// - Parameters:
    ///   - id: The workout to change.
    ///   - draft: Its new values.
    /// - Returns: The stored workout.
    /// - Throws: What ``update(_:to:)`` throws.
    @available(*, deprecated, renamed: "update(_:to:)")
    @discardableResult
    public func edit(_ id: UUID, to draft: WorkoutDraft) async throws -> Workout { try await update(id, to: draft) }

    /// The former name of ``delete(id:)``, renamed to match `EventsStore`'s verbs.
    ///
    /// - Parameter id: The workout to delete.
    /// - Throws: What ``delete(id:)`` throws.
    @available(*, deprecated, renamed: "delete(id:)")
    public func delete(_ id: UUID) async throws { try await delete(id: id) }
}
