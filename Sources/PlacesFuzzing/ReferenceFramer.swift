/// A plain model of `LineFramer`: what it must hand out for a whole stream, computed the simple way.
///
/// Lines end at `\n`; one `\r` before it is dropped; a line longer than the limit (checked before blank
/// lines are skipped) stops the stream; blank lines (spaces, tabs, `\r`) are skipped. An unfinished last
/// line stops the stream once it is longer than the limit, unless the only extra byte is a final `\r`.
struct ReferenceFramer {
    /// The complete, non-blank lines before the stream stopped or ran out.
    var lines: [[UInt8]] = []
    /// Whether a line was too long.
    var isTooLong = false
    /// The bytes after the last `\n`, waiting for more data (meaningful only when not too long).
    var pendingByteCount = 0

    /// Computes the outcome for `stream` with `maximumLineBytes`.
    init(_ stream: UnsafeRawBufferPointer, maximumLineBytes: Int) {
        var start = 0
        for index in stream.indices where stream[index] == 0x0A {
            var end = index
            if end > start, stream[end - 1] == 0x0D { end -= 1 }
            if end - start > maximumLineBytes {
                isTooLong = true
                return
            }
            let line = stream[start..<end]
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                lines.append(Array(line))
            }
            start = index + 1
        }
        let rest = stream.count - start
        if rest > maximumLineBytes && !(rest == maximumLineBytes + 1 && stream[stream.count - 1] == 0x0D) {
            isTooLong = true
        }
        pendingByteCount = rest
    }

    /// The lengths of the stream's complete lines without their `\r\n` or `\n`, at most `limit` of them.
    static func lineLengths(_ stream: UnsafeRawBufferPointer, limit: Int) -> [Int] {
        var lengths: [Int] = []
        var start = 0
        for index in stream.indices where stream[index] == 0x0A {
            let hasReturn = index > start && stream[index - 1] == 0x0D
            lengths.append(index - start - (hasReturn ? 1 : 0))
            if lengths.count == limit { break }
            start = index + 1
        }
        if lengths.count < limit { lengths.append(stream.count - start) }
        return lengths
    }
}
