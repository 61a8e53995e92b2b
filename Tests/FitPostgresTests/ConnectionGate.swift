#if Postgres
    /// Bounds how many connection pools the PostgreSQL tests open at once. Swift Testing runs parameterized
    /// cases in parallel, and each case opens its own pool; without a bound, a 150-case table can ask the
    /// throwaway server for more connections than it allows.
    actor ConnectionGate {
        private let capacity: Int
        private var inUse = 0
        private var waiters: [CheckedContinuation<Void, Never>] = []

        init(capacity: Int) { self.capacity = capacity }

        /// Waits for a free place; pair every call with ``leave()``.
        func enter() async {
            if inUse < capacity {
                inUse += 1
            } else {
                // `leave()` hands its place over, so `inUse` already counts this caller when it resumes.
                await withCheckedContinuation { waiters.append($0) }
            }
        }

        /// Frees a place taken by ``enter()``.
        func leave() {
            if waiters.isEmpty {
                inUse -= 1
            } else {
                waiters.removeFirst().resume()
            }
        }
    }
#endif
