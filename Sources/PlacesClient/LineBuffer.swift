import Glibc

/// Bytes read from a stream, split into lines on `\n`.
///
/// A `\r` before the `\n` is dropped. The buffer remembers how far it has
/// searched, so a long line arriving in many chunks is scanned once.
struct LineBuffer {
    /// The largest line accepted; a longer one is a protocol violation.
    let maximumLineLength: Int
    private var bytes: [UInt8] = []
    private var start = 0
    private var scanned = 0

    /// Creates an empty buffer.
    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// Whether bytes of an unfinished line are waiting.
    var hasPartialLine: Bool { start < bytes.count }

    /// Whether the unfinished line is already longer than the limit.
    var isOverLimit: Bool { bytes.count - start > maximumLineLength }

    /// Adds bytes read from the stream.
    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        if start > 0 && start >= bytes.count / 2 {
            bytes.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// Removes and returns the next complete line without its terminator, or nil if none is complete.
    mutating func nextLine() -> [UInt8]? {
        guard scanned < bytes.count else { return nil }
        // memchr: a reply may be tens of megabytes on one line.
        let found = bytes.withUnsafeBytes { buffer in
            memchr(buffer.baseAddress! + scanned, Int32(UInt8(ascii: "\n")), buffer.count - scanned)
        }
        guard let found else {
            scanned = bytes.count
            return nil
        }
        let newline = bytes.withUnsafeBytes { $0.baseAddress!.distance(to: UnsafeRawPointer(found)) }
        var end = newline
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        if start == 0 && newline == bytes.count - 1 {
            // The line is all the buffer holds, as a long reply is: handed over, not copied.
            var line: [UInt8] = []
            swap(&line, &bytes)
            line.removeLast(line.count - end)
            start = 0
            scanned = 0
            return line
        }
        let line = Array(bytes[start..<end])
        start = newline + 1
        scanned = start
        return line
    }
}
