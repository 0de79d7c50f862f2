import Glibc
import PlacesSystem
import Testing

@Suite struct MemoryAllocatorTests {
    @Test func bothThresholdsAreSetByDefault() {
        let settings = MemoryAllocator.settings(environment: [:])
        #expect(settings.map(\.parameter) == [.mmapThreshold, .trimThreshold])
        #expect(settings.map(\.value) == [MemoryAllocator.mmapThreshold, MemoryAllocator.trimThreshold])
    }

    @Test func tunablesTheAdministratorSetAreLeftAlone() {
        let mmapOnly = MemoryAllocator.settings(environment: ["GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=65536"])
        #expect(mmapOnly.map(\.parameter) == [.trimThreshold])
        let both = MemoryAllocator.settings(
            environment: ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=1:glibc.malloc.mmap_threshold=2"])
        #expect(both.isEmpty)
        let unrelated = MemoryAllocator.settings(environment: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"])
        #expect(unrelated.count == 2)
    }

    /// glibc marks a block that has an `mmap` of its own with bit 1 (`IS_MMAPPED`) of the size word before it.
    private func isMapped(bytes: Int) -> Bool {
        guard let block = malloc(bytes) else { return false }
        defer { free(block) }
        return (block - MemoryLayout<Int>.size).load(as: Int.self) & 2 != 0
    }

    /// Whether another allocator (AddressSanitizer's, under `make sanitize`) replaced glibc's in this process:
    /// then `mallopt` changes nothing and blocks have no glibc header.
    private static let allocatorIsReplaced = dlsym(nil, "__asan_init") != nil

    @Test(.disabled(if: allocatorIsReplaced, "glibc's allocator is replaced in this process"))
    func blocksBelowTheThresholdComeFromTheHeap() {
        #expect(MemoryAllocator.configure(environment: [:]).isEmpty)
        // 1 MiB is far above glibc's default threshold of 128 KiB (in a process that has freed no larger mapped
        // block), and below ours. Whether a larger block is mapped depends on what the heap has free, which other
        // tests in this process change.
        #expect(!isMapped(bytes: 1 << 20))
    }
}
