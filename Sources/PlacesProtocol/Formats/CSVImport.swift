import PlacesModel

/// Reads the places of a CSV document (RFC 4180, UTF-8 with or without a byte order mark) for `places.import`.
///
/// A header row is required; `CSVColumns` says which names are read. Each later row is a place: its coordinates
/// from the latitude and longitude columns, or, when those are empty or missing, from a Google Maps URL in a `url`
/// column (`GoogleMapsURL`: a Google Takeout saved list, `Title,Note,URL,Comment`). A row with neither is skipped
/// and reported as without coordinates at `line N`; a blank row (only commas) is passed over. The name defaults to
/// "New location"; the description is the description columns' texts and then the URL, one per line; `visited` is
/// true/false, yes/no or 1/0; `visitedAt` an RFC 3339 timestamp or a date; `tags` separated by `;`; `id` a UUID
/// (other ids are ignored). Errors name the line a row starts on (1 is the header) and the column by its header:
/// `csv.line[7].lat`, or `csv.line[7]` for the whole row. A field may be as long as the document; one read into a
/// place is held to the place's limits (a description of 10,000 characters), one in a dropped column is read past.
public enum CSVImport {
    /// The name of the document in errors.
    public static let documentField = "csv"

    /// The places of `bytes`, refusing more than `maximumPlaces` of them with -32006 and anything else that cannot
    /// become places with -32602.
    public static func document(from bytes: UnsafeRawBufferPointer, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        var state = ReadingState(maximumPlaces: maximumPlaces)
        _ = try read(bytes, into: &state, isWhole: true)
        return try state.finished()
    }

    /// What reading a document has found so far: its header's columns, its places, the line the next record starts
    /// on.
    struct ReadingState: Sendable {
        /// The most places the document may hold.
        let maximumPlaces: Int
        /// The header row's columns; nil until it is read.
        var columns: CSVColumns?
        /// The places and omissions of the rows read.
        var document = ImportedDocument()
        /// The rows read that are not blank.
        var rowCount = 0
        /// The line the next record starts on.
        var line = 1

        /// The document read, or why it is refused, once every record of it is read.
        func finished() throws(RPCError) -> ImportedDocument {
            guard columns != nil else {
                throw ParamsReader.invalid(documentField, "is empty: a header row naming the columns is required")
            }
            guard rowCount > 0 else {
                throw ParamsReader.invalid(documentField, "has a header row but no rows of places under it")
            }
            return document
        }
    }

    /// Reads the records of `bytes`, the part of a document after what `state` has read, into `state`, and returns
    /// how many bytes of it were read. With `isWhole`, `bytes` is the rest of the document, read to its end;
    /// otherwise more of the document follows, and a record that may go on past `bytes` (one not ended by a whole
    /// line end) is left unread, with everything after it.
    static func read(_ bytes: UnsafeRawBufferPointer, into state: inout ReadingState, isWhole: Bool)
        throws(RPCError) -> Int
    {
        var tokenizer = CSVTokenizer(bytes, line: state.line, isDocumentStart: state.columns == nil)
        var record = CSVTokenizer.Record()
        var read = 0
        while true {
            let found: Bool
            do throws(CSVTokenizer.Failure) {
                found = try tokenizer.next(into: &record)
            } catch {
                // A quoted field still open at the end of a part may be closed in the next one.
                if !isWhole && tokenizer.isAtEnd { return read }
                throw ParamsReader.invalid(lineField(error.line), error.reason + " (field \(error.column))")
            }
            guard found, isWhole || tokenizer.endedAtLineEnd else { return read }
            read = tokenizer.offset
            state.line = tokenizer.line
            guard let columns = state.columns else {
                state.columns = try header(record)
                for name in state.columns!.droppedNames { state.document.omissions.drop(field: name) }
                continue
            }
            if record.isBlank { continue }
            state.rowCount += 1
            let row = CSVRow(record: record, columns: columns)
            try checkWidth(of: row)
            guard let place = try place(from: row) else {
                state.document.omissions.skip(.withoutCoordinates, at: "line \(record.line)")
                continue
            }
            guard state.document.places.count < state.maximumPlaces else {
                throw .limitReached(
                    "The CSV document has more than \(state.maximumPlaces) places; one import may add at most "
                        + "\(state.maximumPlaces) (max-import-places), so nothing was imported")
            }
            state.document.places.append(place)
        }
    }

    /// The columns the header row `record` names, or why they cannot be read for places.
    private static func header(_ record: CSVTokenizer.Record) throws(RPCError) -> CSVColumns {
        let header = CSVRow(record: record, columns: CSVColumns(names: []))
        var names: [String] = []
        for column in 0..<record.count {
            let name = try header.text(column)
            names.append(String(DecimalText.trimmed(name[...])))
        }
        let columns = CSVColumns(names: names)
        if let problem = columns.problem { throw ParamsReader.invalid(lineField(record.line), problem) }
        return columns
    }

    /// `csv.line[N]`.
    static func lineField(_ line: Int) -> String {
        "\(documentField).line[\(line)]"
    }

    /// Refuses a row with fewer fields than the header, or more unless the extra ones are empty (a trailing comma).
    private static func checkWidth(of row: CSVRow) throws(RPCError) {
        let expected = row.columns.names.count
        let count = row.record.count
        if count < expected || (expected..<count).contains(where: { !row.record.field($0).isEmpty }) {
            throw ParamsReader.invalid(
                row.field, "has \(count) field\(count == 1 ? "" : "s") where the header row has \(expected)")
        }
    }

    /// The place of `row`, or nil when it has no coordinates.
    private static func place(from row: CSVRow) throws(RPCError) -> ImportedPlace? {
        let latitude = try row.number(.latitude)
        let longitude = try row.number(.longitude)
        var coordinate: (latitude: Double, longitude: Double)?
        switch (latitude, longitude) {
        case (let latitude?, let longitude?): coordinate = (latitude, longitude)
        case (nil, nil): coordinate = try row.text(.url).flatMap(GoogleMapsURL.coordinate(in:))
        case (_?, nil):
            throw ParamsReader.invalid(row.field(row.columns[.longitude]!), "is empty while the latitude is given")
        case (nil, _?):
            throw ParamsReader.invalid(row.field(row.columns[.latitude]!), "is empty while the longitude is given")
        }
        guard let coordinate else { return nil }
        let id = try row.text(.id).flatMap { PlaceID.parse(String(DecimalText.trimmed($0[...]))) }
        let name = try row.text(.name) ?? PlaceRules.defaultName
        let description = try row.description()
        let visited = try row.visited()
        let visitedAt = try row.visitedAt()
        let tags = try row.tags()
        do throws(ValidationError) {
            let draft = try PlaceDraft(
                name: name, description: description, latitude: coordinate.latitude, longitude: coordinate.longitude,
                isVisited: visited, visitedAt: visitedAt, tags: tags)
            return ImportedPlace(id: id, draft: draft)
        } catch {
            throw ParamsReader.invalid(row.field(forPlaceField: error.field), error.reason)
        }
    }
}
