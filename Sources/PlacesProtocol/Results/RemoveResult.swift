import PlacesModel

/// The result of `places.remove`: `{"id": …, "removed": true}`.
public enum RemoveResult {
    /// The members' keys.
    public enum Key {
        /// The place removed.
        public static let id: StaticString = PlaceField.id.key
        /// Always true.
        public static let removed: StaticString = "removed"
    }

    /// Writes the result.
    public static func write(id: PlaceID, to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.id, first: true)
        out.writePlaceID(id)
        out.writeMember(Key.removed)
        out.writeBool(true)
        out.endObject()
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([(Key.id, WireSchema.ref("PlaceID")), (Key.removed, WireSchema.constant(true))])
    }
}
