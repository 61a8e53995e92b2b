#if Postgres
    /// SplitMix64: the same seed gives the same sequence on every machine, so a run is replayed from its seed.
    struct FuzzRandom: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }

        /// A number in `0..<count`.
        mutating func below(_ count: Int) -> Int { Int.random(in: 0..<count, using: &self) }
    }
#endif
