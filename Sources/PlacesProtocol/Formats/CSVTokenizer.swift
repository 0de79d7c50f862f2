/// Splits CSV text (RFC 4180) into records of fields, byte by byte, without deciding what the fields mean.
///
/// A record ends at a line feed, a carriage return and line feed, or a carriage return alone, so files with any
/// mix of line ends read alike; a UTF-8 byte order mark at the start is skipped. A field in double quotes may hold
/// commas, line ends and doubled quotes (`""` is one `"`); a quote inside a field that does not start with one is
/// kept as it is, as most writers mean it. Fields are bytes here: the reader checks that they are UTF-8, so that
/// its error can name the column.
struct CSVTokenizer {
    /// One record: its fields' bytes end to end, where each field ends, and the line it starts on.
    struct Record {
        /// The bytes of every field, unquoted, one after the other.
        var bytes: [UInt8] = []
        /// The offset in `bytes` where each field ends.
        var ends: [Int] = []
        /// The line (1-based) of the document the record starts on.
        var line = 0

        /// The number of fields.
        var count: Int { ends.count }

        /// The bytes of the field at `index`.
        func field(_ index: Int) -> ArraySlice<UInt8> {
            bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
        }

        /// Whether every field is empty (a blank line, or a row of commas).
        var isBlank: Bool { bytes.isEmpty }
    }

    /// Why the text cannot be split into records.
    struct Failure: Error {
        /// The line the record starts on.
        var line: Int
        /// The 1-based number of the field in its record.
        var column: Int
        /// What is wrong.
        var reason: String
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private let text: UnsafeRawBufferPointer
    /// Where the next record starts, once `next(into:)` returned one.
    private(set) var offset: Int
    /// The line `offset` is on.
    private(set) var line: Int
    /// Whether the last record read ended at a line end known to be whole: a line feed, or a carriage return with
    /// a byte after it (a lone carriage return at the end of `text` may be the first half of a CR LF whose line
    /// feed is not in `text` yet). False when it ended at the end of `text`.
    private(set) var endedAtLineEnd = false

    /// Whether everything of `text` has been read (a quoted field left open ends here too).
    var isAtEnd: Bool { offset >= text.count }

    /// A tokenizer at the start of `text`, past a byte order mark; `text` is a document's beginning.
    init(_ text: UnsafeRawBufferPointer) {
        self.init(text, line: 1, isDocumentStart: true)
    }

    /// A tokenizer at the start of `text`, which starts on `line` of its document, past a byte order mark when
    /// `isDocumentStart`.
    init(_ text: UnsafeRawBufferPointer, line: Int, isDocumentStart: Bool) {
        self.text = text
        self.line = line
        let hasMark = isDocumentStart && text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF
        offset = hasMark ? 3 : 0
    }

    /// Reads the next record into `record` (its storage is reused); false at the end of the text.
    mutating func next(into record: inout Record) throws(Failure) -> Bool {
        guard offset < text.count else { return false }
        record.bytes.removeAll(keepingCapacity: true)
        record.ends.removeAll(keepingCapacity: true)
        record.line = line
        endedAtLineEnd = false
        while true {
            if offset < text.count, text[offset] == Self.quote {
                try readQuoted(into: &record)
            } else {
                readUnquoted(into: &record)
            }
            record.ends.append(record.bytes.count)
            guard offset < text.count else { return true }
            let byte = text[offset]
            offset += 1
            if byte == Self.comma { continue }
            // A line end: CR LF counts as one.
            if byte == Self.carriageReturn, offset < text.count, text[offset] == Self.lineFeed {
                offset += 1
                endedAtLineEnd = true
            } else {
                endedAtLineEnd = byte == Self.lineFeed || offset < text.count
            }
            line += 1
            return true
        }
    }

    /// Reads an unquoted field, up to the comma or line end after it (left unread).
    private mutating func readUnquoted(into record: inout Record) {
        let start = offset
        while offset < text.count {
            let byte = text[offset]
            if byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn { break }
            offset += 1
        }
        record.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[start..<offset]))
    }

    /// Reads a quoted field from its opening quote, up to the comma or line end after its closing one.
    private mutating func readQuoted(into record: inout Record) throws(Failure) {
        let column = record.ends.count + 1
        let startLine = line
        offset += 1
        var start = offset
        while true {
            guard offset < text.count else {
                throw Failure(
                    line: record.line, column: column,
                    reason: "has a quoted field, opened on line \(startLine), that is never closed")
            }
            let byte = text[offset]
            if byte == Self.quote {
                record.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[start..<offset]))
                offset += 1
                // A doubled quote is one quote of the text; anything else closes the field.
                guard offset < text.count, text[offset] == Self.quote else { break }
                start = offset
                offset += 1
            } else {
                if byte == Self.lineFeed || byte == Self.carriageReturn && !followedByLineFeed(offset) { line += 1 }
                offset += 1
            }
        }
        if offset < text.count {
            let byte = text[offset]
            guard byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn else {
                throw Failure(
                    line: record.line, column: column,
                    reason: "has text after the closing quote of a field (a quote inside a quoted field is "
                        + "written twice: \"\")")
            }
        }
    }

    private func followedByLineFeed(_ position: Int) -> Bool {
        position + 1 < text.count && text[position + 1] == Self.lineFeed
    }
}
