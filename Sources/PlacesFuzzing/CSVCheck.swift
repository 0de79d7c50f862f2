import PlacesModel
import PlacesProtocol

/// Exports places as CSV and reads them back, and reads any bytes as a CSV document for `places.import`.
enum CSVCheck {
    /// The CSV export of `places` imports as the same places: ids, names, descriptions, coordinates, visited
    /// flags and dates, and tags (but for a tag holding a `;`, which the tags column separates at).
    static func check(_ places: [Place]) throws(FuzzViolation) {
        let csv = CSVExport.csv(places)
        let document: ImportedDocument
        do throws(RPCError) {
            document = try read(csv, maximumPlaces: places.count)
        } catch {
            try require(
                places.isEmpty && error.code == RPCErrorCode.invalidParams, "csv.reimport",
                "importing the CSV export fails: \(error)")
            return
        }
        try require(document.places.count == places.count, "csv.reimport", "\(document.places.count) came back")
        try require(document.omissions.isEmpty, "csv.omissions", "the export's own columns were reported")
        for (back, place) in zip(document.places, places) {
            let draft = back.draft
            let sameTags = place.tags.contains { $0.contains(";") } || draft.tags == place.tags
            try require(
                back.id == place.id && draft.name == place.name && draft.description == place.description
                    && draft.coordinate == place.coordinate && draft.isVisited == place.isVisited
                    && draft.visitedAt == (place.isVisited ? place.visitedAt : nil) && sameTags,
                "csv.reimport", "importing the CSV export gives another place than \(place.id)")
        }
    }

    /// Reads any bytes as a CSV document: the reader refuses or reads without crashing, a refusal is -32602 for
    /// `csv…` or -32006, and what it reads obeys the place rules; text read in two pieces (a staged import's) is
    /// the same document, or refused alike.
    static func checkDocument(_ data: UnsafeRawBufferPointer, maximumPlaces: Int) throws(FuzzViolation) {
        let whole = try checkWhole(data, maximumPlaces: maximumPlaces)
        guard let text = String(validating: data, as: UTF8.self) else { return }
        let scalars = Array(text.unicodeScalars)
        var first = ""
        var second = ""
        first.unicodeScalars.append(contentsOf: scalars[..<(scalars.count / 2)])
        second.unicodeScalars.append(contentsOf: scalars[(scalars.count / 2)...])
        var reader = CSVPieceReader(maximumPlaces: maximumPlaces)
        reader.read(first)
        reader.read(second)
        try require(reader.finish() == whole, "csv.pieces", "read in two pieces, the document is another")
    }

    /// Reads any bytes as a CSV document, as `checkDocument` says; the document, or nil when it is refused.
    private static func checkWhole(_ data: UnsafeRawBufferPointer, maximumPlaces: Int) throws(FuzzViolation)
        -> ImportedDocument?
    {
        let document: ImportedDocument
        do throws(RPCError) {
            document = try CSVImport.document(from: data, maximumPlaces: maximumPlaces)
        } catch {
            guard error.code == RPCErrorCode.invalidParams else {
                try require(error.code == RPCErrorCode.limitReached, "csv.code", "the CSV importer threw \(error.code)")
                return nil
            }
            let field = error.data?["field"]?.stringValue ?? ""
            try require(field == "csv" || field.hasPrefix("csv.line["), "csv.field", "refused naming \(field)")
            try ParamsCheck.checkError(error, params: nil, nested: true)
            return nil
        }
        try require(document.places.count <= maximumPlaces, "csv.count", "\(document.places.count) places read")
        for place in document.places {
            try PlaceFieldsCheck.check(place.draft)
        }
        return document
    }

    private static func read(_ bytes: [UInt8], maximumPlaces: Int) throws(RPCError) -> ImportedDocument {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(RPCError) in try CSVImport.document(from: buffer, maximumPlaces: maximumPlaces) }
        }
        return try result.get()
    }
}
