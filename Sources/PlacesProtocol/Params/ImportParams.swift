import PlacesModel

/// The params of `places.import`: one of `places` (an array, as the `json` export writes it), `geojson`
/// (a FeatureCollection of Points) or `gpx` (a GPX 1.0 or 1.1 document as a string, read for its waypoints).
///
/// In the `places` form, `version`, `createdAt`, `updatedAt` and `owner` are accepted and ignored, and other
/// unknown keys are refused. In GeoJSON, unknown properties are ignored, `name` falls back to the default,
/// `description` may be given as `desc`, and a UUID in the feature's `id` (or its `id` property) is kept. GPX is
/// read by the `GPXReader` the caller passes (this module parses no XML).
public struct ImportParams: MethodParams {
    /// Reads the places of a GPX document, refusing more than `maximumPlaces` of them with -32006 (the daemon's
    /// is `GPXImport.places`, over expat).
    public typealias GPXReader = (_ document: String, _ maximumPlaces: Int) throws(RPCError) -> [ImportedPlace]

    /// The keys an element of `places` may have.
    static let placeKeys: [String] = PlaceField.allCases.map(\.text)
    /// The keys of the document, one of which is given.
    static let documentKeys: [String] = [placesKey, geojsonKey, gpxKey]
    /// The keys the params may have.
    static let keys: [String] = documentKeys + ImportOptions.keys
    /// The key of the array of places (also the member of a `places.list` result an import file may be).
    public static let placesKey = "places"
    /// The key of a GeoJSON FeatureCollection.
    public static let geojsonKey = "geojson"
    /// The key of a GPX document.
    public static let gpxKey = "gpx"

    /// The places to add, in order.
    public let places: [ImportedPlace]
    /// What becomes of ids in use and duplicates, and whether anything changes.
    public let options: ImportOptions

    /// Creates params.
    public init(places: [ImportedPlace], options: ImportOptions = ImportOptions()) {
        self.places = places
        self.options = options
    }

    /// Decodes and validates the params (nil is the empty object); errors name the element, e.g. `places[2].latitude`.
    /// Without a GPX reader, `gpx` is refused as not read here.
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ImportParams {
        try decode(params, maximumPlaces: .max)
    }

    /// Decodes and validates the params like `decode(_:)`, refusing more than `maximumPlaces` places with -32006
    /// (`--max-import-places`) before the places are read, and reading `gpx` with `readGPX`.
    public static func decode(
        _ params: JSONObject?, maximumPlaces: Int, readingGPXWith readGPX: GPXReader? = nil
    ) throws(RPCError) -> ImportParams {
        let reader = try ParamsReader(params, allowed: keys)
        let document = try Document(reading: reader)
        let options = try ImportOptions(reading: reader)
        return ImportParams(
            places: try places(in: document, maximumPlaces: maximumPlaces, readingGPXWith: readGPX),
            options: options)
    }

    /// Reads and validates the places of `document`, the part of an import whose first place is the import's
    /// `firstIndex`-th (0-based): errors name a place by its index in the whole import, e.g. `places[1200].name`.
    /// An import that would hold more than `maximumPlaces` with these is refused with -32006 before they are read.
    public static func places(
        in document: Document, firstIndex: Int = 0, maximumPlaces: Int, readingGPXWith readGPX: GPXReader? = nil
    ) throws(RPCError) -> [ImportedPlace] {
        switch document {
        case .places(let places):
            guard case .array(let elements) = places else { throw ParamsReader.invalid(placesKey, "must be an array") }
            try checkCount(firstIndex + elements.count, maximumPlaces: maximumPlaces)
            var result: [ImportedPlace] = []
            result.reserveCapacity(elements.count)
            for (offset, element) in elements.enumerated() {
                result.append(try place(element, field: "places[\(firstIndex + offset)]"))
            }
            return result
        case .geojson(let geojson):
            if case .object(let collection) = geojson, case .array(let features)? = collection["features"] {
                try checkCount(firstIndex + features.count, maximumPlaces: maximumPlaces)
            }
            return try GeoJSONImport.document(from: geojson, firstIndex: firstIndex).places
        case .gpx(let text):
            guard let readGPX else { throw ParamsReader.invalid(gpxKey, "is not read here") }
            let places = try readGPX(text, max(0, maximumPlaces - firstIndex))
            try checkCount(firstIndex + places.count, maximumPlaces: maximumPlaces)
            return places
        }
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
        /// The text of a GPX document (`gpx`).
        case gpx(String)

        /// `places.import`.
        public static var method: Method { .importPlaces }

        /// Takes the one document the params hold, without reading it.
        public static func decode(_ params: JSONObject?) throws(RPCError) -> Document {
            try Document(reading: ParamsReader(params, allowed: ImportParams.documentKeys))
        }

        /// Takes the one document among the params `reader` checked.
        init(reading reader: ParamsReader) throws(RPCError) {
            switch (
                reader.value(ImportParams.placesKey), reader.value(ImportParams.geojsonKey),
                reader.value(ImportParams.gpxKey)
            ) {
            case (let places?, nil, nil): self = .places(places)
            case (nil, let geojson?, nil): self = .geojson(geojson)
            case (nil, nil, .string(let text)?): self = .gpx(text)
            case (nil, nil, _?): throw reader.invalid(ImportParams.gpxKey, "must be a string of XML")
            case (nil, nil, nil): throw reader.invalid(ImportParams.placesKey, "is required (or geojson, or gpx)")
            default:
                let given = ImportParams.documentKeys.filter { reader.value($0) != nil }
                throw reader.invalid(given[1], "cannot be given together with \(given[0])")
            }
        }

        /// Adds the document's member to a params object.
        func write(to writer: inout ParamsWriter) {
            switch self {
            case .places(let places): writer.add(ImportParams.placesKey, places)
            case .geojson(let collection): writer.add(ImportParams.geojsonKey, collection)
            case .gpx(let text): writer.add(ImportParams.gpxKey, string: text)
            }
        }

        /// `{"places": …}`, `{"geojson": …}` or `{"gpx": "…"}`.
        public var encoded: JSONObject {
            var writer = ParamsWriter()
            write(to: &writer)
            return writer.object
        }
    }
}
