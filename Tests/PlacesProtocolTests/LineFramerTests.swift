import Testing

@testable import PlacesProtocol

/// Splitting a byte stream into lines with a length limit.
@Suite struct LineFramerTests {
    /// Feeds `chunks` and collects every result until the framer needs more data or breaks.
    static func lines(_ chunks: [String], limit: Int = 100) -> [LineFramer.Next] {
        var framer = LineFramer(maximumLineBytes: limit)
        var results: [LineFramer.Next] = []
        for chunk in chunks {
            framer.append(bytes(chunk))
            while true {
                let next = framer.nextLine()
                if next == .needMoreData { break }
                results.append(next)
                if next == .tooLong { return results }
            }
        }
        return results
    }

    static func line(_ text: String) -> LineFramer.Next {
        .line(bytes(text))
    }

    @Test func splitsLines() {
        #expect(Self.lines(["a\nbb\nccc\n"]) == [Self.line("a"), Self.line("bb"), Self.line("ccc")])
    }

    @Test func joinsLinesSplitAcrossAppends() {
        #expect(Self.lines(["{\"a\"", ":1}", "\n{", "}\n"]) == [Self.line("{\"a\":1}"), Self.line("{}")])
        let text = "first line that is long enough to cross words\nsecond\n"
        let byteByByte = text.map { String($0) }
        #expect(
            Self.lines(byteByByte) == [Self.line("first line that is long enough to cross words"), Self.line("second")])
    }

    @Test func dropsCarriageReturnBeforeNewline() {
        #expect(Self.lines(["a\r\nb\r", "\n", "c\rd\n"]) == [Self.line("a"), Self.line("b"), Self.line("c\rd")])
    }

    @Test func skipsBlankLines() {
        #expect(Self.lines(["\n\n a\n\r\n \t \r\n", "\nb\n\n"]) == [Self.line(" a"), Self.line("b")])
    }

    @Test func waitsForTheNewline() {
        var framer = LineFramer(maximumLineBytes: 10)
        #expect(framer.nextLine() == .needMoreData)
        framer.append(bytes("abc"))
        #expect(framer.nextLine() == .needMoreData)
        #expect(framer.bufferedByteCount == 3)
        framer.append(bytes("\nde"))
        #expect(framer.nextLine() == Self.line("abc"))
        #expect(framer.bufferedByteCount == 2)
        #expect(framer.nextLine() == .needMoreData)
    }

    @Test func refusesACompleteLineOverTheLimit() {
        #expect(Self.lines(["12345\n123456\n"], limit: 5) == [Self.line("12345"), .tooLong])
        #expect(Self.lines(["12345\r\n"], limit: 5) == [Self.line("12345")])
    }

    @Test func refusesAnIncompleteLineOverTheLimit() {
        var framer = LineFramer(maximumLineBytes: 5)
        framer.append(bytes("12345"))
        #expect(framer.nextLine() == .needMoreData)
        framer.append(bytes("\r"))
        #expect(framer.nextLine() == .needMoreData)  // may still be "12345\r\n"
        framer.append(bytes("6"))
        #expect(framer.nextLine() == .tooLong)
        framer.append(bytes("\nok\n"))
        #expect(framer.nextLine() == .tooLong)
        #expect(framer.nextLine() == .tooLong)
    }

    @Test func refusesAnIncompleteLineInOneAppend() {
        #expect(Self.lines(["ok\n" + String(repeating: "x", count: 50)], limit: 10) == [Self.line("ok"), .tooLong])
    }

    @Test func keepsLinesAcrossManyCompactions() {
        var framer = LineFramer(maximumLineBytes: 1 << 20)
        var expected = 0
        var pending = ""
        for index in 0..<20_000 {
            pending += "{\"n\":\(index)}\n"
            if index % 7 == 0 {
                framer.append(bytes(pending))
                pending = ""
                while case .line(let line) = framer.nextLine() {
                    #expect(String(decoding: line, as: UTF8.self) == "{\"n\":\(expected)}")
                    expected += 1
                }
            }
        }
        framer.append(bytes(pending))
        while case .line = framer.nextLine() { expected += 1 }
        #expect(expected == 20_000)
        #expect(framer.bufferedByteCount == 0)
    }

    /// A 4 MiB line arriving in 1 KiB pieces is scanned once: each search for the newline starts where the last
    /// one stopped, so framing takes time linear in the bytes, however they are cut up.
    @Test func framesALargeStreamInLinearTime() {
        var framer = LineFramer(maximumLineBytes: 8 << 20)
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 1024)
        for round in 1...4096 {
            framer.append(piece)
            #expect(framer.scannedByteCount == (round - 1) * 1024, "only the new piece is left to scan")
            #expect(framer.nextLine() == .needMoreData)
            #expect(framer.scannedByteCount == round * 1024)
        }
        framer.append(bytes("\n"))
        if case .line(let line) = framer.nextLine() {
            #expect(line.count == 4 << 20)
        } else {
            Issue.record("expected the line")
        }
        #expect(framer.scannedByteCount == 0)
    }
}
