import Foundation

/// Runs the same random sequence of operations on two backends (the embedded database and PostgreSQL, say) and
/// compares every answer and, at the end, every table the run wrote. A sequence comes from its seed, so a divergence
/// is replayed from the seed it prints; before it is thrown, it is shrunk to the shortest sequence (removing one
/// operation at a time) that still diverges.
///
/// A feature brings its operations (an enum whose cases name rows by index into a world both sides share), a
/// generator, and ``sides``, which sets up a fresh world on both backends for each run (two ``ScenarioBackend``
/// sessions with the same seed, say) and hands the fuzzer a ``Side`` for each, answering each operation as text
/// (``FuzzAnswer``). FitKit fuzzes its whole contract this way, and the sample feature
/// (`Examples/Memberships`) its own.
public struct DifferentialFuzzer<Operation: Sendable & CustomStringConvertible> {
    /// One backend's side of a run: how it answers an operation, and its tables at the end, each as text that both
    /// backends write alike when they agree.
    public struct Side {
        /// Runs an operation and returns its answer as text.
        public var run: (Operation) async -> String
        /// The tables the run wrote, one text per table, in the same order on both sides.
        public var tables: () async -> [String]

        /// A side answering with `run` and reading its tables with `tables`.
        ///
        /// - Parameters:
        ///   - run: Runs an operation and returns its answer as text.
        ///   - tables: The tables the run wrote, as text.
        public init(run: @escaping (Operation) async -> String, tables: @escaping () async -> [String]) {
            self.run = run
            self.tables = tables
        }
    }

    /// Both sides of one run, set up on a fresh world.
    public struct Sides {
        /// The side held to the other (the embedded database).
        public var candidate: Side
        /// The side that is right by definition (PostgreSQL).
        public var reference: Side

        /// The two sides of a run.
        ///
        /// - Parameters:
        ///   - candidate: The side held to the other.
        ///   - reference: The side that is right by definition.
        public init(candidate: Side, reference: Side) {
            self.candidate = candidate
            self.reference = reference
        }
    }

    /// Where the two sides first disagreed.
    public struct Divergence: Error, CustomStringConvertible {
        /// The seed that replays it.
        public var seed: UInt64
        /// The operations up to the one whose answers differ (or all of them, when only the tables differ).
        public var operations: [Operation]
        /// The operation's index, or `nil` for the tables at the end.
        public var step: Int?
        /// The candidate's answer.
        public var candidate: String
        /// The reference's answer.
        public var reference: String

        /// The seed, the operations one per line, and both answers.
        public var description: String {
            let steps = operations.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
            let place = step.map { "step \($0)" } ?? "the tables at the end"
            return """
                the two sides differ at \(place) (seed \(seed), \(operations.count) operations):
                \(steps)
                  candidate: \(candidate)
                  reference: \(reference)
                """
        }
    }

    /// A random operation.
    public var operation: (inout FuzzRandom) -> Operation
    /// Sets up a fresh world on both sides for one run of the sequence with `seed`, and calls `run` with the two
    /// sides while the world lasts.
    public var sides: (_ seed: UInt64, _ run: (Sides) async throws -> Void) async throws -> Void
    /// Prints every step's answer, to see what a sequence does.
    public var tracing: Bool
    /// Changes the candidate's answer to an operation: a planted divergence, for a test that checks the fuzzer finds
    /// and shrinks one.
    public var planted: ((Operation, String) -> String)?

    /// A fuzzer of the operations `operation` makes, on the sides `sides` sets up.
    ///
    /// - Parameters:
    ///   - tracing: Whether to print every step's answer; `false` by default.
    ///   - operation: Makes a random operation.
    ///   - sides: Sets up a fresh world on both sides for one run (the seed lets it lay the world out) and calls
    ///     its second argument with the two sides while the world lasts.
    public init(
        tracing: Bool = false, operation: @escaping (inout FuzzRandom) -> Operation,
        sides: @escaping (_ seed: UInt64, _ run: (Sides) async throws -> Void) async throws -> Void
    ) {
        self.tracing = tracing
        self.operation = operation
        self.sides = sides
    }

    /// The operations of the sequence with `seed`.
    ///
    /// - Parameters:
    ///   - seed: The sequence's seed.
    ///   - count: How many operations.
    /// - Returns: `count` operations of ``operation``, the same for the same seed.
    public func operations(seed: UInt64, count: Int) -> [Operation] {
        var random = FuzzRandom(seed: seed)
        return (0..<count).map { _ in operation(&random) }
    }

    /// Runs `sequences` sequences of `operations` operations, from seed `firstSeed` on (each next one adds 1).
    ///
    /// - Parameters:
    ///   - sequences: How many sequences.
    ///   - operations: How many operations each.
    ///   - firstSeed: The first sequence's seed.
    /// - Throws: The first sequence's ``Divergence``, shrunk; or what ``sides`` throws.
    public func check(sequences: Int, operations: Int, firstSeed: UInt64) async throws {
        for seed in firstSeed..<(firstSeed + UInt64(sequences)) {
            try await check(seed: seed, operations: operations)
        }
    }

    /// Runs the sequence with `seed`.
    ///
    /// - Parameters:
    ///   - seed: The sequence's seed.
    ///   - count: How many operations.
    /// - Throws: Its shortest diverging form (a ``Divergence``) when the sides disagree; or what ``sides`` throws.
    public func check(seed: UInt64, operations count: Int) async throws {
        let operations = self.operations(seed: seed, count: count)
        guard var divergence = try await divergence(seed: seed, operations) else { return }
        var index = divergence.operations.count - 1
        while index >= 0 {
            var shorter = divergence.operations
            shorter.remove(at: index)
            if let still = try await self.divergence(seed: seed, shorter) { divergence = still }
            index = min(index, divergence.operations.count) - 1
        }
        throw divergence
    }

    /// Runs `operations` on a fresh world on both sides.
    ///
    /// - Parameters:
    ///   - seed: The seed ``sides`` sets the world up with.
    ///   - operations: The operations, in order.
    /// - Returns: The first disagreement, or `nil`.
    /// - Throws: What ``sides`` throws.
    public func divergence(seed: UInt64, _ operations: [Operation]) async throws -> Divergence? {
        var found: Divergence?
        try await sides(seed) { sides in found = await divergence(seed: seed, operations, on: sides) }
        return found
    }

    private func divergence(seed: UInt64, _ operations: [Operation], on sides: Sides) async -> Divergence? {
        for (step, operation) in operations.enumerated() {
            var candidate = await sides.candidate.run(operation)
            if let planted { candidate = planted(operation, candidate) }
            let reference = await sides.reference.run(operation)
            if tracing { print("seed \(seed) step \(step): \(operation) → \(candidate)") }
            if candidate != reference {
                return Divergence(
                    seed: seed, operations: Array(operations[...step]), step: step, candidate: candidate,
                    reference: reference)
            }
        }
        let candidate = await sides.candidate.tables()
        let reference = await sides.reference.tables()
        guard candidate.count == reference.count else {
            return Divergence(
                seed: seed, operations: operations, step: nil, candidate: "\(candidate.count) tables",
                reference: "\(reference.count) tables")
        }
        for (mine, theirs) in zip(candidate, reference) where mine != theirs {
            return Divergence(seed: seed, operations: operations, step: nil, candidate: mine, reference: theirs)
        }
        return nil
    }
}
