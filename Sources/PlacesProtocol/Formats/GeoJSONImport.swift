import PlacesModel

/// Reads the places of a GeoJSON FeatureCollection for `places.import`: placesd's own export, GDAL's and other
/// writers', and Google Takeout's "Saved Places.json".
///
/// Each Point feature is a place (its properties as `GeoJSONProperties` reads them); a feature of another geometry
/// is skipped and reported by its type, one without a geometry (or Takeout's `[0, 0]`) as without coordinates. A
/// collection whose features are all of other geometries is refused, saying what it holds. The `crs` member is read
/// by `GeoJSONCRS` (Web Mercator is reprojected). A UUID in a feature's `id` (or its `id` property) is kept.
public enum GeoJSONImport {
    /// The places of `value`, which must be a FeatureCollection; errors name a feature by its index in the whole
    /// import, whose `firstIndex`-th (0-based) is the collection's first: `geojson.features[3].properties.name`.
    public static func document(from value: JSONValue, firstIndex: Int = 0) throws(RPCError) -> ImportedDocument {
        guard case .object(let collection) = value else { throw invalid("geojson", "must be an object") }
        guard case .string("FeatureCollection") = collection["type"] else {
            throw invalid("geojson.type", "must be \"FeatureCollection\"")
        }
        guard case .array(let features) = collection["features"] else {
            throw invalid("geojson.features", "must be an array")
        }
        let system = try GeoJSONCRS(collection["crs"], field: "geojson.crs")
        var document = ImportedDocument()
        document.places.reserveCapacity(features.count)
        for (offset, feature) in features.enumerated() {
            let index = firstIndex + offset
            let field = "geojson.features[\(index)]"
            switch try entry(from: feature, field: field, system: system, omissions: &document.omissions) {
            case .place(let place): document.places.append(place)
            case .skipped(let reason): document.omissions.skip(reason, at: "features[\(index)]")
            }
        }
        if document.places.isEmpty, !features.isEmpty {
            throw invalid("geojson.features", "holds no Point feature to import, only " + held(document.omissions))
        }
        return document
    }

    /// What a feature is: a place, or an entry skipped for a reason.
    private enum Entry {
        case place(ImportedPlace)
        case skipped(ImportOmissions.Reason)
    }

    /// "2 LineString and 1 feature without coordinates".
    private static func held(_ omissions: ImportOmissions) -> String {
        omissions.skipped.keys.sorted().map { reason in
            let count = omissions.skipped[reason]!.count
            return switch reason {
            case .geometry(let type): "\(count) \(type)"
            case .withoutCoordinates: "\(count) feature\(count == 1 ? "" : "s") without coordinates"
            }
        }.joined(separator: " and ")
    }

    private static func entry(
        from value: JSONValue, field: String, system: GeoJSONCRS, omissions: inout ImportOmissions
    ) throws(RPCError) -> Entry {
        guard case .object(let feature) = value else { throw invalid(field, "must be an object") }
        guard case .string("Feature") = feature["type"] else { throw invalid(field + ".type", "must be \"Feature\"") }
        let geometry: JSONObject
        switch feature["geometry"] {
        case .object(let object)?: geometry = object
        case nil, .null?: return .skipped(.withoutCoordinates)
        default: throw invalid(field + ".geometry", "must be an object or null")
        }
        guard case .string(let type) = geometry["type"] else {
            throw invalid(field + ".geometry.type", "must be a string")
        }
        guard type == "Point" else { return .skipped(.geometry(type)) }
        guard case .array(let position) = geometry["coordinates"], position.count >= 2,
            case .number(let xNumber) = position[0], let x = xNumber.double,
            case .number(let yNumber) = position[1], let y = yNumber.double
        else {
            throw invalid(field + ".geometry.coordinates", "must be an array of longitude and latitude numbers")
        }

        let reader: GeoJSONProperties
        switch feature["properties"] {
        case .object(let object)?: reader = GeoJSONProperties(properties: object, prefix: field + ".properties.")
        case nil, .null?: reader = GeoJSONProperties(properties: JSONObject(), prefix: field + ".properties.")
        default: throw invalid(field + ".properties", "must be an object or null")
        }
        if x == 0, y == 0, reader.isTakeout { return .skipped(.withoutCoordinates) }
        var (fields, nameKey, descriptionKey) = try reader.fields()
        (fields.longitude, fields.latitude) = system.longitudeLatitude(x, y)
        let id = uuid(feature["id"]) ?? uuid(reader.properties[PlaceField.id.text])
        reader.reportDropped(to: &omissions)

        do throws(ValidationError) {
            return .place(ImportedPlace(id: id, draft: try fields.draft()))
        } catch {
            let path =
                switch PlaceField(text: error.field) {
                case .longitude: field + ".geometry.coordinates[0]"
                case .latitude: field + ".geometry.coordinates[1]"
                case .name: reader.prefix + nameKey
                case .description: reader.prefix + descriptionKey
                default: reader.prefix + error.field
                }
            let reprojected = system == .webMercator && path.hasSuffix("]") ? " (reprojected from EPSG:3857)" : ""
            throw invalid(path, error.reason + reprojected)
        }
    }

    /// A UUID id; GeoJSON ids of other forms (numbers, other strings) are ignored.
    private static func uuid(_ value: JSONValue?) -> PlaceID? {
        guard case .string(let text)? = value else { return nil }
        return PlaceID.parse(text)
    }

    private static func invalid(_ field: String, _ reason: String) -> RPCError {
        ParamsReader.invalid(field, reason)
    }
}
