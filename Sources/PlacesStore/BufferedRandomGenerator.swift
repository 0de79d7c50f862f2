import Glibc

/// The kernel's random bytes, fetched 256 at a time (`getentropy`): the system generator makes a system call for
/// every 64 bits, two per place id.
struct BufferedRandomGenerator: RandomNumberGenerator {
    private var words = [UInt64](repeating: 0, count: 32)
    private var used = 32

    /// Creates a generator; the first call fills the buffer.
    init() {}

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        if used == words.count {
            refill()
        }
        defer { used += 1 }
        return words[used]
    }

    private mutating func refill() {
        let filled = words.withUnsafeMutableBytes { getentropy($0.baseAddress, $0.count) == 0 }
        if !filled {
            // getentropy fails only where getrandom is missing or forbidden; the system generator copes there.
            var system = SystemRandomNumberGenerator()
            for index in words.indices {
                words[index] = system.next()
            }
        }
        used = 0
    }
}
