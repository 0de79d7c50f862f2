import Glibc

/// Bytes read from a stream, split into lines on `\n`.
///
/// A `\r` before the `\n` is dropped. The buffer remembers how far it has
/// searched, so a long line arriving in many chunks is scanned once.
///
/// The bytes are kept in memory of its own, grown with `realloc`: a reply of tens of megabytes on one line
/// grows it many times, and the C library moves a block that large by remapping its pages, not by copying
/// everything read so far each time (as an array's growth would). The stream is read straight into it
/// (`readInto`), and a line is parsed where it lies (`withNextLine`).
struct LineBuffer {
    /// The largest line accepted; a longer one is a protocol violation.
    let maximumLineLength: Int
    private let storage = Storage()
    private var start = 0
    private var scanned = 0

    /// The memory the bytes are in: `capacity` bytes at `base`, the first `count` of them held.
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>?
        var capacity = 0
        var count = 0

        deinit { free(base) }
    }

    /// Room kept free at the end for each read.
    static let readSize = 64 << 10

    /// Creates an empty buffer.
    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// Whether bytes of an unfinished line are waiting.
    var hasPartialLine: Bool { start < storage.count }

    /// Whether the unfinished line is already longer than the limit.
    var isOverLimit: Bool { storage.count - start > maximumLineLength }

    /// Adds bytes read from the stream.
    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        _ = readInto(minimum: chunk.count) { free in
            free.copyMemory(from: chunk)
            return chunk.count
        }
    }

    /// Calls `read` with free room of at least `minimum` bytes (`readSize` when 0) at the end of the buffer,
    /// and adds the bytes it reports having put there; returns what `read` returned.
    mutating func readInto<Failure: Error>(
        minimum: Int = 0, _ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int?
    ) throws(Failure) -> Int? {
        makeRoom(for: minimum > 0 ? minimum : Self.readSize)
        let free = UnsafeMutableRawBufferPointer(
            start: storage.base! + storage.count, count: storage.capacity - storage.count)
        let added = try read(free)
        if let added { storage.count += added }
        return added
    }

    /// At least `needed` free bytes at the end: the bytes of lines already taken are dropped first when they
    /// are half the buffer or more, and the buffer grows (at least doubling) when that is not enough.
    private mutating func makeRoom(for needed: Int) {
        if start > 0 && start >= storage.count / 2 {
            if let base = storage.base, storage.count > start {
                memmove(base, base + start, storage.count - start)
            }
            storage.count -= start
            scanned -= start
            start = 0
        }
        guard storage.capacity - storage.count < needed else { return }
        let capacity = max(storage.capacity * 2, storage.count + needed)
        guard let grown = realloc(storage.base, capacity) else { fatalError("out of memory for a reply line") }
        storage.base = grown.assumingMemoryBound(to: UInt8.self)
        storage.capacity = capacity
    }

    /// Removes and returns the next complete line without its terminator, or nil if none is complete.
    mutating func nextLine() -> [UInt8]? {
        withNextLine { Array($0) }
    }

    /// Removes the next complete line and returns what `body` makes of its bytes (without the terminator; valid
    /// only during the call), or nil if no line is complete.
    mutating func withNextLine<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard scanned < storage.count, let base = storage.base else { return nil }
        // memchr: a reply may be tens of megabytes on one line.
        guard let found = memchr(base + scanned, Int32(UInt8(ascii: "\n")), storage.count - scanned) else {
            scanned = storage.count
            return nil
        }
        let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        var end = newline
        if end > start && base[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        let lineStart = start
        start = newline + 1
        scanned = start
        defer { dropTakenLines() }
        return try body(UnsafeBufferPointer(start: base + lineStart, count: end - lineStart))
    }

    /// Empties the buffer once every line in it is taken, and gives a large one's memory back.
    private mutating func dropTakenLines() {
        guard start == storage.count else { return }
        start = 0
        scanned = 0
        storage.count = 0
        if storage.capacity > 4 * Self.readSize {
            free(storage.base)
            storage.base = nil
            storage.capacity = 0
        }
    }
}
