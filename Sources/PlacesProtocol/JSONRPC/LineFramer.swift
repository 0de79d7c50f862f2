/// Splits a byte stream into lines (one JSON text each), with a limit on a line's length.
///
/// Bytes are appended as they arrive; `nextLine()` hands out complete lines. The search for a newline
/// resumes where it stopped, and consumed bytes are dropped in bulk, so framing costs O(n) overall.
public struct LineFramer: Sendable {
    /// What `nextLine()` found.
    public enum Next: Sendable, Hashable {
        /// A complete line, without its `\n` (and without a `\r` before it).
        case line([UInt8])
        /// No complete line is buffered yet.
        case needMoreData
        /// A line exceeded the limit; the framer accepts no more data.
        case tooLong
    }

    /// The longest line accepted, in bytes, not counting its `\n` or a `\r` before it.
    public let maximumLineBytes: Int
    private var buffer: [UInt8] = []
    /// Where the first unconsumed byte is.
    private var readIndex = 0
    /// Where the search for the next `\n` resumes (every byte before it, from `readIndex`, is not `\n`).
    private var scanIndex = 0
    private var isBroken = false

    /// Creates a framer that refuses lines longer than `maximumLineBytes`.
    public init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// How many of the buffered bytes are already known to hold no `\n`: the next search starts after them.
    var scannedByteCount: Int { scanIndex - readIndex }

    /// How many bytes are buffered and not yet returned.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// Adds bytes read from the stream; ignored once a line was too long.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !isBroken, !bytes.isEmpty else { return }
        compactIfWorthwhile()
        buffer.append(contentsOf: bytes)
    }

    /// Adds bytes read from the stream; ignored once a line was too long.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Returns the next complete, non-blank line (blank: nothing but spaces, tabs and a `\r`),
    /// `.needMoreData`, or `.tooLong` once a line, complete or not, exceeds the limit.
    public mutating func nextLine() -> Next {
        while true {
            guard !isBroken else { return .tooLong }
            guard let newline = findNewline() else {
                if exceedsLimit(start: readIndex, end: buffer.count) {
                    isBroken = true
                    return .tooLong
                }
                return .needMoreData
            }
            let start = readIndex
            var end = newline
            readIndex = newline + 1
            scanIndex = readIndex
            if end > start, buffer[end - 1] == UInt8(ascii: "\r") {
                end -= 1
            }
            if end - start > maximumLineBytes {
                isBroken = true
                return .tooLong
            }
            if isBlank(start: start, end: end) {
                continue
            }
            let line = Array(buffer[start..<end])
            if readIndex == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                readIndex = 0
                scanIndex = 0
            }
            return .line(line)
        }
    }

    private func exceedsLimit(start: Int, end: Int) -> Bool {
        let length = end - start
        if length <= maximumLineBytes { return false }
        // An unfinished line may end in the `\r` of its `\r\n`, which does not count.
        return !(length == maximumLineBytes + 1 && buffer[end - 1] == UInt8(ascii: "\r"))
    }

    private func isBlank(start: Int, end: Int) -> Bool {
        for index in start..<end {
            switch buffer[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
            default: return false
            }
        }
        return true
    }

    /// Finds the next `\n` at or after `scanIndex`, eight bytes at a time, and remembers how far it looked.
    private mutating func findNewline() -> Int? {
        let end = buffer.count
        var index = scanIndex
        let found: Int? = buffer.withUnsafeBytes { raw in
            let ones: UInt64 = 0x0101_0101_0101_0101
            let newlines: UInt64 = ones &* 0x0A
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ newlines
                let zeros = (word &- ones) & ~word & (ones &* 0x80)
                if zeros != 0 {
                    // Borrows only run upwards, so the lowest flagged byte is the first newline.
                    return index + zeros.trailingZeroBitCount >> 3
                }
                index += 8
            }
            while index < end {
                if raw[index] == 0x0A { return index }
                index += 1
            }
            return nil
        }
        scanIndex = found ?? end
        return found
    }

    /// Drops consumed bytes once they are at least half the buffer, so each byte moves O(1) times.
    private mutating func compactIfWorthwhile() {
        guard readIndex > 0 else { return }
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else if readIndex >= 4096 && readIndex * 2 >= buffer.count {
            buffer.removeSubrange(0..<readIndex)
        } else {
            return
        }
        scanIndex -= readIndex
        readIndex = 0
    }
}
