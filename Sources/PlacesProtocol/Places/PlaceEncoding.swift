import PlacesModel

/// Writes places as the daemon sends them and reads them back on the client.
public enum PlaceEncoding {
    /// Writes a place object with keys in this order: `id`, `name`, `description`, `latitude`, `longitude`,
    /// `visited`, `version`, `createdAt`, `updatedAt`, and `owner` (the uid) last when `includeOwner`.
    public static func write(_ place: Place, includeOwner: Bool, to out: inout JSONWriter) {
        writeFields(place, includeOwner: includeOwner, to: &out)
    }

    /// Encodes a place's object field by field.
    private static func writeFields(_ place: Place, includeOwner: Bool, to out: inout JSONWriter) {
        out.writeRaw("{\"id\":")
        out.writePlaceID(place.id)
        out.writeRaw(",\"name\":")
        out.writeString(place.name)
        out.writeRaw(",\"description\":")
        out.writeString(place.description)
        out.writeRaw(",\"latitude\":")
        out.writeDouble(place.coordinate.latitude)
        out.writeRaw(",\"longitude\":")
        out.writeDouble(place.coordinate.longitude)
        out.writeRaw(",\"visited\":")
        out.writeBool(place.isVisited)
        out.writeRaw(",\"version\":")
        out.writeInt(place.version)
        out.writeRaw(",\"createdAt\":")
        out.writeTimestamp(place.createdAt)
        out.writeRaw(",\"updatedAt\":")
        out.writeTimestamp(place.updatedAt)
        if includeOwner {
            out.writeRaw(",\"owner\":")
            out.writeInt(Int64(place.owner))
        }
        out.endObject()
    }

    /// Writes an array of places.
    public static func write(_ places: some Sequence<Place>, includeOwner: Bool, to out: inout JSONWriter) {
        out.beginArray()
        var isFirst = true
        for place in places {
            if !isFirst { out.comma() }
            isFirst = false
            writeFields(place, includeOwner: includeOwner, to: &out)
        }
        out.endArray()
    }

    /// Reads a place object as the daemon sends it; `owner` is optional and unknown keys are ignored.
    ///
    /// Throws a -32602 error whose data names the offending field.
    public static func decode(_ value: JSONValue) throws(RPCError) -> WirePlace {
        guard case .object(let object) = value else { throw invalid("place", "must be an object") }
        func string(_ key: String) throws(RPCError) -> String {
            guard case .string(let string) = object[key] else { throw invalid(key, "must be a string") }
            return string
        }
        func number(_ key: String) throws(RPCError) -> Double {
            guard case .number(let number) = object[key], let double = number.double else {
                throw invalid(key, "must be a number")
            }
            return double
        }
        guard let id = PlaceID.parse(try string("id")) else { throw invalid("id", "must be a UUID") }
        let name = try string("name")
        let description = try string("description")
        let latitude = try number("latitude")
        let longitude = try number("longitude")
        guard case .bool(let visited) = object["visited"] else { throw invalid("visited", "must be a boolean") }
        guard case .number(let versionNumber) = object["version"], let version = versionNumber.integerValue else {
            throw invalid("version", "must be an integer")
        }
        let createdAt = try string("createdAt")
        let updatedAt = try string("updatedAt")
        var owner: UInt32?
        if let ownerValue = object["owner"] {
            guard case .number(let number) = ownerValue, let uid = number.integerValue.flatMap(UInt32.init(exactly:))
            else {
                throw invalid("owner", "must be a uid")
            }
            owner = uid
        }
        return WirePlace(
            id: id, name: name, description: description, latitude: latitude, longitude: longitude,
            visited: visited, version: version, createdAt: createdAt, updatedAt: updatedAt, owner: owner
        )
    }

    private static func invalid(_ field: String, _ reason: String) -> RPCError {
        .invalidParams(ValidationError(field: field, reason: reason))
    }
}
