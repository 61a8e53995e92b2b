/// A random number generator that gives the same sequence for the same seed (SplitMix64), so a test or a benchmark
/// that draws random data draws the same data every run.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// let rows = (0..<1000).map { _ in Int.random(in: 0..<30, using: &generator) }
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// - Parameter seed: Where the sequence starts; one seed always gives one sequence.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    ///
    /// - Returns: The next value of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
