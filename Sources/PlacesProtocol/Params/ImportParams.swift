import PlacesModel

/// The params of `places.import`: one of `places` (an array, as the `json` export writes it), `geojson`
/// (a FeatureCollection of Points), `gpx`, `kml` or `csv` (the document's text as a string) or `kmz` (the archive
/// as a string of base64).
///
/// In the `places` form, `version`, `createdAt`, `updatedAt` and `owner` are accepted and ignored, and other
/// unknown keys are refused. GeoJSON and CSV are read here; GPX, KML and KMZ by the `DocumentReader` the caller
/// passes (this module parses no XML and opens no archive). What a document held that did not become a place or a
/// field of one is in `omissions`.
public struct ImportParams: MethodParams {
    /// Reads a document sent as text in `format` (for `kmz`, base64), refusing more than `maximumPlaces` places
    /// with -32006 (the daemon's reads GPX, KML and KMZ over expat and libzip).
    public typealias DocumentReader =
        (_ text: String, _ format: ImportTextFormat, _ maximumPlaces: Int) throws(RPCError) -> ImportedDocument

    /// The keys an element of `places` may have.
    static let placeKeys: [String] = PlaceField.allCases.map(\.text)
    /// The keys of the document, one of which is given.
    static let documentKeys: [String] = [placesKey, geojsonKey] + ImportTextFormat.allCases.map(\.rawValue)
    /// The keys the params may have.
    static let keys: [String] = documentKeys + ImportOptions.keys
    /// The key of the array of places (also the member of a `places.list` result an import file may be).
    public static let placesKey = "places"
    /// The key of a GeoJSON FeatureCollection.
    public static let geojsonKey = "geojson"
    /// The key of a GPX document.
    public static let gpxKey = ImportTextFormat.gpx.rawValue

    /// The places to add, in order.
    public let places: [ImportedPlace]
    /// What the document held that did not become a place or a field of one.
    public let omissions: ImportOmissions
    /// What becomes of ids in use and duplicates, and whether anything changes.
    public let options: ImportOptions

    /// Creates params.
    public init(
        places: [ImportedPlace], omissions: ImportOmissions = ImportOmissions(),
        options: ImportOptions = ImportOptions()
    ) {
        self.places = places
        self.omissions = omissions
        self.options = options
    }

    /// Decodes and validates the params (nil is the empty object); errors name the element, e.g. `places[2].latitude`.
    /// Without a document reader, `gpx`, `kml` and `kmz` are refused as not read here.
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ImportParams {
        try decode(params, maximumPlaces: .max)
    }

    /// Decodes and validates the params like `decode(_:)`, refusing more than `maximumPlaces` places with -32006
    /// (`--max-import-places`) before the places are read, and reading documents sent as text with `read`.
    public static func decode(
        _ params: JSONObject?, maximumPlaces: Int, readingWith read: DocumentReader = readHere
    ) throws(RPCError) -> ImportParams {
        let reader = try ParamsReader(params, allowed: keys)
        let document = try Document(reading: reader)
        let options = try ImportOptions(reading: reader)
        let imported = try Self.read(document, maximumPlaces: maximumPlaces, readingWith: read)
        return ImportParams(places: imported.places, omissions: imported.omissions, options: options)
    }

    /// Reads and validates the places of `document`, the part of an import whose first place is the import's
    /// `firstIndex`-th (0-based): errors name a place by its index in the whole import, e.g. `places[1200].name`.
    /// An import that would hold more than `maximumPlaces` with these is refused with -32006.
    public static func read(
        _ document: Document, firstIndex: Int = 0, maximumPlaces: Int, readingWith read: DocumentReader = readHere
    ) throws(RPCError) -> ImportedDocument {
        switch document {
        case .places(let places):
            guard case .array(let elements) = places else { throw ParamsReader.invalid(placesKey, "must be an array") }
            try checkCount(firstIndex + elements.count, maximumPlaces: maximumPlaces)
            var result: [ImportedPlace] = []
            result.reserveCapacity(elements.count)
            for (offset, element) in elements.enumerated() {
                result.append(try place(element, field: "places[\(firstIndex + offset)]"))
            }
            return ImportedDocument(places: result)
        case .geojson(let geojson):
            if case .object(let collection) = geojson, case .array(let features)? = collection["features"] {
                try checkCount(firstIndex + features.count, maximumPlaces: maximumPlaces)
            }
            return try GeoJSONImport.document(from: geojson, firstIndex: firstIndex)
        case .text(let text, let format):
            let document = try read(text, format, max(0, maximumPlaces - firstIndex))
            try checkCount(firstIndex + document.places.count, maximumPlaces: maximumPlaces)
            return document
        }
    }

    /// The reader of this module: CSV, and nothing else sent as text.
    public static func readHere(_ text: String, _ format: ImportTextFormat, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        guard format == .csv else { throw ParamsReader.invalid(format.rawValue, "is not read here") }
        var text = text
        let read = text.withUTF8 { buffer in
            Result { () throws(RPCError) in
                try CSVImport.document(from: UnsafeRawBufferPointer(buffer), maximumPlaces: maximumPlaces)
            }
        }
        return try read.get()
    }

    /// Refuses an import of `count` places when that is more than `maximumPlaces`.
    private static func checkCount(_ count: Int, maximumPlaces: Int) throws(RPCError) {
        guard count <= maximumPlaces else {
            throw .limitReached(
                "The import has \(count) places; one import may add at most \(maximumPlaces) (max-import-places), "
                    + "so nothing was imported")
        }
    }

    private static func place(_ value: JSONValue, field: String) throws(RPCError) -> ImportedPlace {
        guard case .object(let object) = value else { throw ParamsReader.invalid(field, "must be an object") }
        let reader = try ParamsReader(
            object,
            allowed: placeKeys,
            fieldPrefix: field + "."
        )
        return ImportedPlace(id: try reader.placeID(PlaceField.id.text), draft: try reader.placeDraft())
    }
}

extension ImportParams {
    /// `places.import`.
    public static var method: Method { .importPlaces }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(Self.placesKey, .array(places.map { .object($0.encoded) }))
        options.write(to: &writer)
        return writer.object
    }
}

extension ImportParams {
    /// A document to import as a client sends it, unread: the daemon reads and validates what it holds.
    public enum Document: MethodParams {
        /// An array of place objects (`places`).
        case places(JSONValue)
        /// A GeoJSON FeatureCollection (`geojson`).
        case geojson(JSONValue)
        /// The text of a document in `format` (`gpx`, `kml`, `csv`; `kmz` as base64).
        case text(String, ImportTextFormat)

        /// `places.import`.
        public static var method: Method { .importPlaces }

        /// The text of a GPX document.
        public static func gpx(_ text: String) -> Document { .text(text, .gpx) }

        /// Takes the one document the params hold, without reading it.
        public static func decode(_ params: JSONObject?) throws(RPCError) -> Document {
            try Document(reading: ParamsReader(params, allowed: ImportParams.documentKeys))
        }

        /// Takes the one document among the params `reader` checked.
        init(reading reader: ParamsReader) throws(RPCError) {
            let given = ImportParams.documentKeys.filter { reader.value($0) != nil }
            guard let key = given.first else {
                throw reader.invalid(
                    ImportParams.placesKey,
                    "is required (or one of \(ImportParams.documentKeys.dropFirst().joined(separator: ", ")))")
            }
            guard given.count == 1 else { throw reader.invalid(given[1], "cannot be given together with \(key)") }
            let value = reader.value(key)!
            switch key {
            case ImportParams.placesKey: self = .places(value)
            case ImportParams.geojsonKey: self = .geojson(value)
            default:
                let format = ImportTextFormat(rawValue: key)!
                guard case .string(let text) = value else { throw reader.invalid(key, "must be \(format.textKind)") }
                self = .text(text, format)
            }
        }

        /// Adds the document's member to a params object.
        func write(to writer: inout ParamsWriter) {
            switch self {
            case .places(let places): writer.add(ImportParams.placesKey, places)
            case .geojson(let collection): writer.add(ImportParams.geojsonKey, collection)
            case .text(let text, let format): writer.add(format.rawValue, string: text)
            }
        }

        /// `{"places": …}`, `{"geojson": …}`, or the text under its format's name, e.g. `{"kml": "…"}`.
        public var encoded: JSONObject {
            var writer = ParamsWriter()
            write(to: &writer)
            return writer.object
        }
    }
}
