import PlacesModel

/// Reads the places of a GeoJSON FeatureCollection of Points for `places.import`.
enum GeoJSONImport {
    /// The places of `value`, which must be a FeatureCollection whose features are all Points; errors name a
    /// feature by its index in the whole import, whose `firstIndex`-th (0-based) is the collection's first.
    static func places(from value: JSONValue, firstIndex: Int = 0) throws(RPCError) -> [ImportedPlace] {
        guard case .object(let collection) = value else { throw invalid("geojson", "must be an object") }
        guard case .string("FeatureCollection") = collection["type"] else {
            throw invalid("geojson.type", "must be \"FeatureCollection\"")
        }
        guard case .array(let features) = collection["features"] else {
            throw invalid("geojson.features", "must be an array")
        }
        var places: [ImportedPlace] = []
        places.reserveCapacity(features.count)
        for (offset, feature) in features.enumerated() {
            places.append(try place(from: feature, field: "geojson.features[\(firstIndex + offset)]"))
        }
        return places
    }

    private static func place(from value: JSONValue, field: String) throws(RPCError) -> ImportedPlace {
        guard case .object(let feature) = value else { throw invalid(field, "must be an object") }
        guard case .string("Feature") = feature["type"] else { throw invalid(field + ".type", "must be \"Feature\"") }
        guard case .object(let geometry) = feature["geometry"] else {
            throw invalid(field + ".geometry", "must be an object")
        }
        guard case .string("Point") = geometry["type"] else {
            throw invalid(field + ".geometry.type", "must be \"Point\"")
        }
        guard case .array(let position) = geometry["coordinates"], position.count >= 2,
            case .number(let longitudeNumber) = position[0], let longitude = longitudeNumber.double,
            case .number(let latitudeNumber) = position[1], let latitude = latitudeNumber.double
        else {
            throw invalid(field + ".geometry.coordinates", "must be an array of longitude and latitude numbers")
        }

        let properties: JSONObject
        switch feature["properties"] {
        case .object(let object)?: properties = object
        case nil, .null?: properties = JSONObject()
        default: throw invalid(field + ".properties", "must be an object or null")
        }
        let prefix = field + ".properties."
        // The coordinates come from the geometry; a null member counts as absent, and a missing description falls
        // back to `desc`.
        let present = { (key: String) -> JSONValue? in properties[key] == .null ? nil : properties[key] }
        let fromProperties = PlaceField.draftFields.filter { $0 != .latitude && $0 != .longitude }
        var fields = try PlaceFieldsReader(fromProperties) { field in
            if field == .description, present(field.text) == nil { return (prefix, "desc", present("desc")) }
            return (prefix, field.text, present(field.text))
        }
        fields.latitude = latitude
        fields.longitude = longitude
        let id = uuid(feature["id"]) ?? uuid(properties[PlaceField.id.text])

        do throws(ValidationError) {
            let draft = try fields.draft()
            return ImportedPlace(id: id, draft: draft)
        } catch {
            let path =
                switch PlaceField(text: error.field) {
                case .longitude: field + ".geometry.coordinates[0]"
                case .latitude: field + ".geometry.coordinates[1]"
                default: prefix + error.field
                }
            throw invalid(path, error.reason)
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
