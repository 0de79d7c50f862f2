import PlacesModel

/// The result of `places.near`: `{"places": [{"place": …, "distance": metres}, …]}`, nearest first.
public struct NearResults: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The entries, nearest first.
        public static let places: StaticString = "places"
        /// An entry's place.
        public static let place: StaticString = "place"
        /// An entry's great-circle distance in metres.
        public static let distance: StaticString = "distance"
    }

    /// One entry: a place and how far it is.
    public struct Entry: Sendable, Hashable {
        /// The place.
        public let place: WirePlace
        /// Its distance in metres.
        public let distance: Double
    }

    /// The entries, nearest first.
    public let entries: [Entry]

    /// Writes the result; `forEachEntry` calls its argument with each place and its distance, nearest first.
    public static func write(
        to out: inout JSONWriter, _ forEachEntry: ((_ place: Place, _ distance: Double) -> Void) -> Void
    ) {
        out.beginObject()
        out.writeMember(Key.places, first: true)
        out.beginArray()
        var isFirst = true
        forEachEntry { place, distance in
            if !isFirst { out.comma() }
            isFirst = false
            out.beginObject()
            out.writeMember(Key.place, first: true)
            PlaceEncoding.write(place, includeOwner: false, to: &out)
            out.writeMember(Key.distance)
            out.writeDouble(distance)
            out.endObject()
        }
        out.endArray()
        out.endObject()
    }

    /// Reads the result.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> NearResults {
        let values = try ReplyReader(value).array(Key.places)
        let entries = try ReplyReader.each(values) { value throws(ReplyError) -> Entry in
            let entry = try? ReplyReader(value)
            guard let place = entry?.value(Key.place), let distance = entry?.double(Key.distance) else {
                throw .incomplete(keys: [Key.place.description, Key.distance.description])
            }
            return Entry(place: try WirePlace.decodeInReply(place), distance: distance)
        }
        return NearResults(entries: entries)
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (
                Key.places,
                WireSchema.array(
                    of: WireSchema.object([
                        (Key.place, WireSchema.ref("Place")), (Key.distance, ["type": "number", "minimum": 0]),
                    ]))
            )
        ])
    }
}
