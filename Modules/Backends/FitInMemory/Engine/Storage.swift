import FitCore
import Foundation

/// Everything the in-memory database holds, guarded as one value by ``InMemoryDatabase``'s lock.
struct Storage: Sendable {
    var tables: [String: TableStore] = [:]
    var views: [String: ViewSchema] = [:]
    var functions: [String: FunctionBody] = [:]
    var triggers: [InMemoryTrigger] = []
    /// Rows read from the file for tables that have not been created yet; they stay in the file untouched.
    var unclaimedFileTables: [String: [StoredRow]] = [:]
    /// The change feed's followers, by subscription number.
    var subscriptions: [Int: ChangeSubscription] = [:]
    var nextSubscription = 0
}

/// A database function registered in Swift, mirroring a SQL function. It runs atomically: every read and
/// write goes through the ``InMemoryTransaction``, which is committed only when the body returns.
public typealias FunctionBody = @Sendable (inout InMemoryTransaction, FunctionArguments) throws -> JSONValue
