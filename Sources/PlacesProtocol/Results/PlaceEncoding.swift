import PlacesModel

/// Writes a place's fields: the one serializer of a place, for the wire (every result and change event that
/// carries a place), the `json` export and the properties of a `geojson` export's features. `WirePlace` reads
/// them back.
///
/// The members are written straight-line, not by looping over `PlaceField`, so that a place costs the same
/// appends as a hand-written fragment; a new field goes in `writeMembers`, once, for every form.
public enum PlaceEncoding {
    /// Writes a place object with keys in this order: `id`, `name`, `description`, `latitude`, `longitude`,
    /// `visited`, `version`, `createdAt`, `updatedAt`, and `owner` (the uid) last when `includeOwner`.
    public static func write(_ place: Place, includeOwner: Bool, to out: inout JSONWriter) {
        out.beginObject()
        writeMembers(of: place, includeLocation: true, includeOwner: includeOwner, to: &out)
        out.endObject()
    }

    /// Writes an array of places.
    public static func write(_ places: some Sequence<Place>, includeOwner: Bool, to out: inout JSONWriter) {
        out.writeArray(places) { place, out in write(place, includeOwner: includeOwner, to: &out) }
    }

    /// Writes the members of a place's object, without braces; without `includeLocation`, the id and the
    /// coordinates are left out (a GeoJSON feature carries them itself) and `name` comes first.
    static func writeMembers(
        of place: Place, includeLocation: Bool, includeOwner: Bool, to out: inout JSONWriter
    ) {
        if includeLocation {
            out.writeMember(PlaceField.id.key, first: true)
            out.writePlaceID(place.id)
        }
        out.writeMember(PlaceField.name.key, first: !includeLocation)
        out.writeString(place.name)
        out.writeMember(PlaceField.description.key, string: place.description)
        if includeLocation {
            out.writeMember(PlaceField.latitude.key)
            out.writeDouble(place.coordinate.latitude)
            out.writeMember(PlaceField.longitude.key)
            out.writeDouble(place.coordinate.longitude)
        }
        out.writeMember(PlaceField.visited.key, bool: place.isVisited)
        out.writeMember(PlaceField.version.key, integer: place.version)
        out.writeMember(PlaceField.createdAt.key)
        out.writeTimestamp(place.createdAt)
        out.writeMember(PlaceField.updatedAt.key)
        out.writeTimestamp(place.updatedAt)
        if includeOwner {
            out.writeMember(PlaceField.owner.key, integer: Int64(place.owner))
        }
    }
}
