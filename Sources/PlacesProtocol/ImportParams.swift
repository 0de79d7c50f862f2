import PlacesModel

/// The params of `places.import`: either `places` (an array, as the `json` export writes it) or `geojson`
/// (a FeatureCollection of Points).
///
/// In the `places` form, `version`, `createdAt`, `updatedAt` and `owner` are accepted and ignored, and other
/// unknown keys are refused. In GeoJSON, unknown properties are ignored, `name` falls back to the default,
/// `description` may be given as `desc`, and a UUID in the feature's `id` (or its `id` property) is kept.
public struct ImportParams: MethodParams {
    /// The keys an element of `places` may have.
    static let placeKeys: [String] = [
        "id", "name", "description", "latitude", "longitude", "visited", "version", "createdAt", "updatedAt", "owner",
    ]
    /// The keys the params may have.
    static let keys: [String] = ["places", "geojson"]

    /// The places to add, in order.
    public let places: [ImportedPlace]

    /// Creates params.
    public init(places: [ImportedPlace]) {
        self.places = places
    }

    /// Decodes and validates the params (nil is the empty object); errors name the element, e.g. `places[2].latitude`.
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ImportParams {
        try decode(params, maximumPlaces: .max)
    }

    /// Decodes and validates the params like `decode(_:)`, refusing more than `maximumPlaces` places with -32006
    /// (`--max-import-places`) before the places are read.
    public static func decode(_ params: JSONObject?, maximumPlaces: Int) throws(RPCError) -> ImportParams {
        let reader = try ParamsReader(params, allowed: keys)
        switch (reader.value("places"), reader.value("geojson")) {
        case (let places?, nil):
            guard case .array(let elements) = places else { throw reader.invalid("places", "must be an array") }
            try checkCount(elements.count, maximumPlaces: maximumPlaces)
            var result: [ImportedPlace] = []
            result.reserveCapacity(elements.count)
            for (offset, element) in elements.enumerated() {
                result.append(try place(element, field: "places[\(offset)]"))
            }
            return ImportParams(places: result)
        case (nil, let geojson?):
            if case .object(let collection) = geojson, case .array(let features)? = collection["features"] {
                try checkCount(features.count, maximumPlaces: maximumPlaces)
            }
            return ImportParams(places: try GeoJSONImport.places(from: geojson))
        case (nil, nil):
            throw reader.invalid("places", "is required (or geojson)")
        case (.some, .some):
            throw reader.invalid("geojson", "cannot be given together with places")
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
        return ImportedPlace(id: try reader.placeID("id"), draft: try reader.placeDraft())
    }
}

extension ImportParams {
    /// `places.import`.
    public static var method: Method { .importPlaces }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add("places", .array(places.map { .object($0.encoded) }))
        return writer.object
    }
}
