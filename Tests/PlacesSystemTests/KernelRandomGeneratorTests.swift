import PlacesSystem
import Testing

@Suite struct KernelRandomGeneratorTests {
    @Test func wordsDifferAcrossRefills() {
        var generator = KernelRandomGenerator()
        let words = (0..<1_000).map { _ in generator.next() }
        // 1,000 random 64-bit words repeat with a probability of about 3e-14.
        #expect(Set(words).count == words.count)
        // Every bit position is set somewhere and clear somewhere.
        #expect(words.reduce(0, |) == .max)
        #expect(words.reduce(.max, &) == 0)
    }
}
