/// Bounds how many PostgreSQL connection pools the tests open at once. Swift Testing runs parameterized cases in
/// parallel, and each case opens its own pool; without a bound, a 150-case table can ask the throwaway server for more
/// connections than it allows.
public actor ConnectionGate {
    private let capacity: Int
    private var inUse = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The one gate every PostgreSQL test pool goes through, scenario sessions included: at most 16 pools at once,
    /// of at most 20 connections each, under the test server's `max_connections` (400).
    public static let postgresPools = ConnectionGate(capacity: 16)

    /// A gate with `capacity` places.
    ///
    /// - Parameter capacity: How many callers may be inside at once.
    public init(capacity: Int) { self.capacity = capacity }

    /// Waits for a free place; pair every call with ``leave()``.
    public func enter() async {
        if inUse < capacity {
            inUse += 1
        } else {
            // `leave()` hands its place over, so `inUse` already counts this caller when it resumes.
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    /// Frees a place taken by ``enter()``.
    public func leave() {
        if waiters.isEmpty {
            inUse -= 1
        } else {
            waiters.removeFirst().resume()
        }
    }

    /// Runs `body` holding a place.
    ///
    /// - Parameter body: The work that holds a pool open.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public nonisolated func holding<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        await enter()
        do {
            let result = try await body()
            await leave()
            return result
        } catch {
            await leave()
            throw error
        }
    }
}
