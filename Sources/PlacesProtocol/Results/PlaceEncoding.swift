import PlacesModel

/// Writes a place's fields: the one serializer of a place, for the wire (every result and change event that
/// carries a place), the `json` export and the properties of a `geojson` export's features. `WirePlace` reads
/// them back.
///
/// The members are written straight-line from `PlaceField.Member`'s fragments, not by looping over `PlaceField`,
/// so that a place costs the same appends as the hand-written fragments it replaced; a new field goes in
/// `writeMembers`, once, for every form.
public enum PlaceEncoding {
    /// Writes a place object with keys in this order: `id`, `name`, `description`, `latitude`, `longitude`,
    /// `visited`, `visitedAt` (null while unvisited or unknown), `tags`, `version`, `createdAt`, `updatedAt`, and
    /// `owner` (the uid) last when `includeOwner`.
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
    @inline(__always)
    static func writeMembers(
        of place: Place, includeLocation: Bool, includeOwner: Bool, to out: inout JSONWriter
    ) {
        if includeLocation {
            out.writeMember(fragment: PlaceField.Member.id, first: true)
            out.writePlaceID(place.id)
        }
        out.writeMember(fragment: PlaceField.Member.name, first: !includeLocation)
        out.writeString(place.name)
        out.writeMember(fragment: PlaceField.Member.description)
        out.writeString(place.description)
        if includeLocation {
            out.writeMember(fragment: PlaceField.Member.latitude)
            out.writeDouble(place.coordinate.latitude)
            out.writeMember(fragment: PlaceField.Member.longitude)
            out.writeDouble(place.coordinate.longitude)
        }
        out.writeMember(fragment: PlaceField.Member.visited)
        out.writeBool(place.isVisited)
        out.writeMember(fragment: PlaceField.Member.visitedAt)
        if let visitedAt = place.visitedAt {
            out.writeTimestamp(visitedAt)
        } else {
            out.writeNull()
        }
        out.writeMember(fragment: PlaceField.Member.tags)
        if place.tags.isEmpty {
            out.writeRaw("[]")
        } else {
            out.writeArray(place.tags) { tag, out in out.writeString(tag) }
        }
        out.writeMember(fragment: PlaceField.Member.version)
        out.writeInt(place.version)
        out.writeMember(fragment: PlaceField.Member.createdAt)
        out.writeTimestamp(place.createdAt)
        out.writeMember(fragment: PlaceField.Member.updatedAt)
        out.writeTimestamp(place.updatedAt)
        if includeOwner {
            out.writeMember(fragment: PlaceField.Member.owner)
            out.writeInt(Int64(place.owner))
        }
    }
}

extension PlaceField {
    /// Each field as a member after another, `,"name":`, for `PlaceEncoding` and the JSON scanner: each one a
    /// literal the optimizer copies in one append, as fast as a hand-written fragment (a `StaticString` picked by
    /// a switch over the field is not folded and costs about a tenth more per place). `ResultTypesTests` checks
    /// each against the field's `text`.
    enum Member {
        /// `,"id":`.
        static var id: StaticString { ",\"id\":" }
        /// `,"name":`.
        static var name: StaticString { ",\"name\":" }
        /// `,"description":`.
        static var description: StaticString { ",\"description\":" }
        /// `,"latitude":`.
        static var latitude: StaticString { ",\"latitude\":" }
        /// `,"longitude":`.
        static var longitude: StaticString { ",\"longitude\":" }
        /// `,"visited":`.
        static var visited: StaticString { ",\"visited\":" }
        /// `,"visitedAt":`.
        static var visitedAt: StaticString { ",\"visitedAt\":" }
        /// `,"tags":`.
        static var tags: StaticString { ",\"tags\":" }
        /// `,"version":`.
        static var version: StaticString { ",\"version\":" }
        /// `,"createdAt":`.
        static var createdAt: StaticString { ",\"createdAt\":" }
        /// `,"updatedAt":`.
        static var updatedAt: StaticString { ",\"updatedAt\":" }
        /// `,"owner":`.
        static var owner: StaticString { ",\"owner\":" }
    }

    /// The field's member fragment.
    var member: StaticString {
        switch self {
        case .id: Member.id
        case .name: Member.name
        case .description: Member.description
        case .latitude: Member.latitude
        case .longitude: Member.longitude
        case .visited: Member.visited
        case .visitedAt: Member.visitedAt
        case .tags: Member.tags
        case .version: Member.version
        case .createdAt: Member.createdAt
        case .updatedAt: Member.updatedAt
        case .owner: Member.owner
        }
    }
}
