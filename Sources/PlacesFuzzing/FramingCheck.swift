import PlacesProtocol

/// Feeds a byte stream to `LineFramer` in pieces and compares what it hands out with `ReferenceFramer`.
enum FramingCheck {
    /// Checks one framing of `stream` and returns the lines the framer handed out.
    static func run(
        _ stream: UnsafeRawBufferPointer,
        maximumLineBytes: Int,
        random: inout FuzzRandom
    ) throws(FuzzViolation) -> [[UInt8]] {
        let expected = ReferenceFramer(stream, maximumLineBytes: maximumLineBytes)
        var framer = LineFramer(maximumLineBytes: maximumLineBytes)
        var lines: [[UInt8]] = []
        var isTooLong = false
        var offset = 0
        while offset < stream.count, !isTooLong {
            let size = chunkSize(remaining: stream.count - offset, random: &random)
            let chunk = UnsafeRawBufferPointer(rebasing: stream[offset..<offset + size])
            if random.oneIn(8) {
                framer.append(Array(chunk))
            } else {
                framer.append(chunk)
            }
            offset += size
            drain: while true {
                switch framer.nextLine() {
                case .line(let line):
                    lines.append(line)
                case .needMoreData:
                    break drain
                case .tooLong:
                    isTooLong = true
                    break drain
                }
            }
        }
        let limit = maximumLineBytes
        try require(
            lines == expected.lines, "framing.lines",
            "limit \(limit): \(lines.count) lines handed out, the model expects \(expected.lines.count)")
        try require(
            isTooLong == expected.isTooLong, "framing.tooLong",
            "limit \(limit): the framer says too long \(isTooLong), the model \(expected.isTooLong)")
        if isTooLong {
            // A broken framer ignores whatever comes after.
            framer.append(UnsafeRawBufferPointer(rebasing: stream[offset...]))
            framer.append([0x0A, 0x7B, 0x7D, 0x0A])
            try require(framer.nextLine() == .tooLong, "framing.broken", "a broken framer handed out more")
        } else {
            try require(
                framer.bufferedByteCount == expected.pendingByteCount, "framing.pending",
                "limit \(limit): \(framer.bufferedByteCount) bytes buffered, \(expected.pendingByteCount) expected")
            try require(framer.nextLine() == .needMoreData, "framing.drained", "a drained framer handed out more")
        }
        return lines
    }

    /// A chunk size: single bytes, short runs, long runs or everything that is left, sometimes nothing.
    private static func chunkSize(remaining: Int, random: inout FuzzRandom) -> Int {
        let size =
            switch random.next() % 8 {
            case 0: 0
            case 1, 2: random.pick(1...4)
            case 3, 4: random.pick(5...64)
            case 5, 6: random.pick(65...1024)
            default: remaining
            }
        return min(size, remaining)
    }
}
