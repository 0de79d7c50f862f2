/// Random numbers from the kernel's random source, fetched 256 bytes at a time (`Random.bytes`): the standard
/// library's generator makes a system call for every 64 bits.
public struct KernelRandomGenerator: RandomNumberGenerator {
    private var words = [UInt64](repeating: 0, count: Random.maximumChunk / 8)
    private var used: Int

    /// Creates a generator; the first call fills the buffer.
    public init() {
        used = words.count
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        if used == words.count {
            refill()
        }
        defer { used += 1 }
        return words[used]
    }

    private mutating func refill() {
        if let bytes = try? Random.bytes(count: words.count * 8) {
            words.withUnsafeMutableBytes { $0.copyBytes(from: bytes) }
        } else {
            // getrandom fails only where it is missing or forbidden; the standard library's generator copes there.
            var system = SystemRandomNumberGenerator()
            for index in words.indices {
                words[index] = system.next()
            }
        }
        used = 0
    }
}
