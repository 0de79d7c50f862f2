import CLinux
import Glibc

/// How placesd tunes the C library's allocator, through which every Swift allocation goes.
///
/// glibc gives a block of 128 KiB or more its own `mmap` and unmaps it when it is freed, and returns the free top
/// of a heap to the kernel once it passes 128 KiB; both bounds then move up with the largest block freed. A JSON-RPC
/// batch of 1,000 adds takes blocks of a few hundred KiB (its line, its requests, its replies), so each batch
/// faulted its memory in afresh: 17 % of the event loop's time and 4 % of the writer's. Blocks up to
/// `mmapThreshold` now come from the heap, and up to `trimThreshold` of free heap stays mapped for the next.
/// After the store is loaded, `releaseFreeMemory()` returns what loading left free.
public enum MemoryAllocator {
    /// The smallest block that gets an `mmap` of its own (`M_MMAP_THRESHOLD`).
    public static let mmapThreshold: Int32 = 4 << 20
    /// The free top of a heap kept mapped (`M_TRIM_THRESHOLD`).
    public static let trimThreshold: Int32 = 8 << 20

    /// What a setting sets.
    public enum Parameter: Sendable {
        /// `M_MMAP_THRESHOLD`.
        case mmapThreshold
        /// `M_TRIM_THRESHOLD`.
        case trimThreshold

        /// The `M_*` value `mallopt(3)` takes.
        var code: Int32 {
            switch self {
            case .mmapThreshold: M_MMAP_THRESHOLD
            case .trimThreshold: M_TRIM_THRESHOLD
            }
        }
    }

    /// One `mallopt(3)` setting.
    public struct Setting: Equatable, Sendable {
        /// What it sets.
        public let parameter: Parameter
        /// The value, in bytes.
        public let value: Int32
    }

    /// The settings to make in `environment`: none that `GLIBC_TUNABLES` already sets (an administrator's
    /// `glibc.malloc.mmap_threshold` or `glibc.malloc.trim_threshold` wins).
    public static func settings(environment: [String: String]) -> [Setting] {
        let tunables = environment["GLIBC_TUNABLES"] ?? ""
        let named = Set(
            tunables.split(separator: ":").map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "" })
        var settings: [Setting] = []
        if !named.contains("glibc.malloc.mmap_threshold") {
            settings.append(Setting(parameter: .mmapThreshold, value: mmapThreshold))
        }
        if !named.contains("glibc.malloc.trim_threshold") {
            settings.append(Setting(parameter: .trimThreshold, value: trimThreshold))
        }
        return settings
    }

    /// Gives the kernel back the free memory of every heap (`malloc_trim(3)`): after loading a store, whose
    /// passing arrays would otherwise stay mapped below the trim threshold.
    public static func releaseFreeMemory() {
        _ = malloc_trim(0)
    }

    /// Grows the calling thread's heap by about `bytes` up front, then frees it, so that a thread about to allocate
    /// many small blocks takes them from the grown heap.
    ///
    /// A thread other than the main one allocates from an arena of its own (up to 8 per core), whose heap glibc
    /// grows with an `mprotect` of just the pages each allocation lacks: for a thread allocating a few hundred
    /// thousand places, one `mprotect` every 4 KiB, each one splitting and merging mappings in the kernel (a
    /// tenth of the thread's time, loading half a million places). Freeing the blocks leaves the heap's pages
    /// unmapped again (`MADV_DONTNEED`) but its protection in place: allocating there later only faults pages in.
    /// The blocks are each below `mmapThreshold`, and an arena's heap holds at most 64 MiB, so at most about that
    /// much is prepared.
    public static func prepareThreadHeap(bytes: Int) {
        let blockSize = 1 << 20
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(max(0, bytes / blockSize))
        for _ in 0..<max(0, bytes / blockSize) {
            guard let block = malloc(blockSize - 64) else { break }
            blocks.append(block)
        }
        // The newest first: each then joins the free top of the heap.
        for block in blocks.reversed() { free(block) }
    }

    /// Makes `settings(environment:)`; returns those the C library refused (none, with glibc).
    @discardableResult
    public static func configure(environment: [String: String]) -> [Setting] {
        settings(environment: environment).filter { mallopt($0.parameter.code, $0.value) != 1 }
    }
}
