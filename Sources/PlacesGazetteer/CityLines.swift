/// The lines of `cities.tsv` in memory, searched by binary search over their bytes without parsing the rest.
///
/// Each line is `KEY\tNAME\tCOUNTRY\tADMIN1\tLATITUDE\tLONGITUDE\tPOPULATION`, sorted by the bytes of KEY (a
/// shorter key before a longer one it begins), then most populous first; header lines start with `#`. Finding a
/// key reads about 17 lines of the 66,000, so opening the file and looking a name up take well under a millisecond.
struct CityLines {
    /// A line's fields, as byte ranges into the bytes.
    struct Line {
        /// The line's first byte.
        let start: Int
        /// The byte after its last (its newline or the end).
        let end: Int
    }

    private let bytes: UnsafeRawBufferPointer
    /// The first line after the header.
    private let bodyStart: Int

    /// The lines of `bytes`, which must outlive this value.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: "#") {
            start = Self.nextLineStart(in: bytes, after: start)
        }
        bodyStart = start
    }

    /// The lines whose key is `key`'s bytes, in file order (most populous first).
    func lines(withKey key: [UInt8]) -> [Line] {
        var low = bodyStart
        var high = bytes.count
        while low < high {
            let middle = lineStart(containing: low + (high - low) / 2)
            if compareKey(at: middle, with: key) < 0 {
                low = Self.nextLineStart(in: bytes, after: middle)
            } else {
                high = middle
            }
        }
        var found: [Line] = []
        var start = low
        while start < bytes.count, compareKey(at: start, with: key) == 0 {
            let next = Self.nextLineStart(in: bytes, after: start)
            found.append(Line(start: start, end: next > start && bytes[next - 1] == 0x0A ? next - 1 : next))
            start = next
        }
        return found
    }

    /// Every distinct key, each with its first line (the most populous city of that key), in file order.
    func forEachKey(_ body: (_ key: UnsafeRawBufferPointer, _ line: Line) -> Void) {
        var start = bodyStart
        var previous: UnsafeRawBufferPointer?
        while start < bytes.count {
            let next = Self.nextLineStart(in: bytes, after: start)
            let end = next > start && bytes[next - 1] == 0x0A ? next - 1 : next
            var keyEnd = start
            while keyEnd < end, bytes[keyEnd] != 0x09 { keyEnd += 1 }
            let key = UnsafeRawBufferPointer(rebasing: bytes[start..<keyEnd])
            if previous.map({ !$0.elementsEqual(key) }) ?? true {
                body(key, Line(start: start, end: end))
                previous = key
            }
            start = next
        }
    }

    /// The tab-separated fields of `line` as strings.
    func fields(of line: Line) -> [Substring] {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[line.start..<line.end]), as: UTF8.self)
            .split(separator: "\t", omittingEmptySubsequences: false)
    }

    /// Compares the key of the line at `start` with `key`: negative, zero or positive, as bytes compare, a key
    /// that ends first being the smaller.
    private func compareKey(at start: Int, with key: [UInt8]) -> Int {
        var index = 0
        while true {
            let position = start + index
            let byte: UInt8? =
                position < bytes.count && bytes[position] != 0x09 && bytes[position] != 0x0A ? bytes[position] : nil
            let wanted: UInt8? = index < key.count ? key[index] : nil
            switch (byte, wanted) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let byte?, let wanted?):
                if byte != wanted { return byte < wanted ? -1 : 1 }
            }
            index += 1
        }
    }

    /// The start of the line that holds the byte at `position`, not before the body.
    private func lineStart(containing position: Int) -> Int {
        var start = position
        while start > bodyStart, bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// The start of the line after the one that starts at `start` (the end of the bytes after the last line).
    private static func nextLineStart(in bytes: UnsafeRawBufferPointer, after start: Int) -> Int {
        var position = start
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        return min(position + 1, bytes.count)
    }
}
