/// A deterministic generator seeded from the input, so each input is checked the same way every run.
///
/// SplitMix64: tiny, fast, and good enough to pick chunk sizes and limits.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    /// Seeds the generator with the FNV-1a hash of `bytes`.
    init(seededBy bytes: UnsafeRawBufferPointer) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        state = hash
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    mutating func pick(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// True once in `n` times on average.
    mutating func oneIn(_ n: UInt64) -> Bool {
        next() % n == 0
    }
}
