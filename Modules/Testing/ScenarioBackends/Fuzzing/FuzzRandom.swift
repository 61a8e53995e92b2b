/// SplitMix64: the same seed gives the same numbers on every machine, so a fuzz run is replayed from its seed
/// (``DifferentialFuzzer``).
public struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator that starts from `seed`.
    ///
    /// - Parameter seed: Any number; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next number of the sequence.
    ///
    /// - Returns: 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<count`.
    ///
    /// - Parameter count: How many numbers to choose from; at least 1.
    /// - Returns: A number from 0 up to `count - 1`.
    public mutating func below(_ count: Int) -> Int { Int.random(in: 0..<count, using: &self) }
}
