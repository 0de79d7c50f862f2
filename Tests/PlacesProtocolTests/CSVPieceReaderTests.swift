import PlacesModel
import PlacesProtocol
import Testing

/// Reading a CSV document in pieces cut anywhere, as a staged import's pieces of text come: the same document as
/// read whole, or nil for one the whole reader refuses.
@Suite struct CSVPieceReaderTests {
    /// A document with everything a cut can fall in: a byte order mark, quoted fields holding commas, doubled
    /// quotes and every line end, CR LF, LF and lone CR line ends, non-ASCII text, a blank row, a row without
    /// coordinates (reported by its line), a dropped column and a last row without a line end.
    static let document =
        "\u{FEFF}Name,lat,lon,description,colour\r\n"
        + "\"Fish, \"\"Chips\"\"\",1,2,\"one\r\ntwo\nthree\rfour\",red\r\n"
        + "Café Ünïcode,-1e-06,+3.5,plain,\n"
        + ",,,\r"
        + "No coordinates,,,gone,blue\r\n"
        + "\"Quoted, name\",4.25,-5,\"\r\n\",\r\n"
        + "Last,6,7,\"end\"\"\",green"

    /// The document `text` read in pieces that end at `cuts` (offsets in Unicode scalars, ascending).
    static func readInPieces(_ text: String, cuts: [Int], maximumPlaces: Int = 1000) -> ImportedDocument? {
        let scalars = Array(text.unicodeScalars)
        var reader = CSVPieceReader(maximumPlaces: maximumPlaces)
        var start = 0
        for end in cuts + [scalars.count] where end >= start {
            var piece = ""
            piece.unicodeScalars.append(contentsOf: scalars[start..<end])
            reader.read(piece)
            start = end
        }
        return reader.finish()
    }

    @Test func readsTheSameDocumentWhereverItIsCutInTwo() throws {
        let whole = try csvDocument(Self.document)
        #expect(whole.places.count == 4 && whole.omissions.skipped[.withoutCoordinates]?.locations == ["line 8"])
        for cut in 0...Self.document.unicodeScalars.count {
            #expect(Self.readInPieces(Self.document, cuts: [cut]) == whole, "cut at \(cut)")
        }
    }

    @Test(arguments: [1, 2, 3, 5, 7])
    func readsTheSameDocumentInPiecesOfAnySize(size: Int) throws {
        let whole = try csvDocument(Self.document)
        let cuts = Array(stride(from: size, to: Self.document.unicodeScalars.count, by: size))
        #expect(Self.readInPieces(Self.document, cuts: cuts) == whole)
    }

    @Test func readsAFieldLongerThanManyPieces() throws {
        let note = String(repeating: "a long note, \"\"quoted\"\"\r\n", count: 350)
        let text = "name,lat,lon,description\n\"Long\",1,2,\"\(note)\"\nAfter,3,4,short\n"
        let whole = try csvDocument(text)
        let cuts = Array(stride(from: 100, to: text.unicodeScalars.count, by: 100))
        #expect(Self.readInPieces(text, cuts: cuts) == whole)
        #expect(whole.places.map(\.draft.name) == ["Long", "After"])
    }

    /// Whatever the whole reader refuses, the piece reader gives nil for, so that its caller reads the document
    /// again whole and says why.
    @Test(arguments: [
        "", "\u{FEFF}", "name,lat,lon\r\n", "name,lat,lon\nA,1,x\nB,2,3\n", "name,lat,lon\nA,1,2\n\"open,1,2\n",
        "name,lat,lon\nA,\"1\"x,2\n", "name,lat\nA,1\n", "name,lat,lon\nA,1\n", "name,lat,lon\nA,1,2\nB,3,4\nC,5,6\n",
    ])
    func givesNothingForWhatTheWholeReaderRefuses(text: String) {
        #expect(throws: RPCError.self) { try csvDocument(text, maximumPlaces: 2) }
        for cut in 0...text.unicodeScalars.count {
            #expect(Self.readInPieces(text, cuts: [cut], maximumPlaces: 2) == nil, "cut at \(cut)")
        }
    }

    @Test func readsAsManyPlacesAsItsLimit() throws {
        let text = "name,lat,lon\nA,1,2\nB,3,4\n"
        #expect(Self.readInPieces(text, cuts: [9], maximumPlaces: 2) == (try csvDocument(text, maximumPlaces: 2)))
        #expect(Self.readInPieces(text, cuts: [9], maximumPlaces: 1) == nil)
    }
}
