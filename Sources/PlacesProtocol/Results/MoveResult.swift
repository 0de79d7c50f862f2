import PlacesModel

/// The result of `places.move`: `{"id": …, "index": position, "revision": R}`.
public struct MoveResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The place moved.
        public static let id: StaticString = PlaceField.id.key
        /// Its position now, 0-based.
        public static let index: StaticString = "index"
        /// The owner's revision after the move.
        public static let revision: StaticString = "revision"
    }

    /// The position the place came to, if given.
    public let index: Int64?

    /// Writes the result.
    public static func write(id: PlaceID, index: Int, revision: Int64, to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.id, first: true)
        out.writePlaceID(id)
        out.writeMember(Key.index, integer: Int64(index))
        out.writeMember(Key.revision, integer: revision)
        out.endObject()
    }

    /// Reads the result.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> MoveResult {
        MoveResult(index: try ReplyReader(value).integer(Key.index))
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (Key.id, WireSchema.ref("PlaceID")), (Key.index, WireSchema.type("integer")),
            (Key.revision, WireSchema.type("integer")),
        ])
    }
}
