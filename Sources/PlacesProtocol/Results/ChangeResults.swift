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

/// The result of `places.import`: `{"added": count, "revision": R}`.
public struct ImportResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// How many places were added.
        public static let added: StaticString = "added"
        /// The owner's revision after the import.
        public static let revision: StaticString = "revision"
    }

    /// How many places were added.
    public let added: Int64

    /// Writes the result.
    public static func write(added: Int, revision: Int64, to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.added, first: true, integer: Int64(added))
        out.writeMember(Key.revision, integer: revision)
        out.endObject()
    }

    /// Reads the result: `added` must be there.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> ImportResult {
        let reader = try ReplyReader(value)
        return ImportResult(added: try reader.required(Key.added, "count", reader.integer))
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([(Key.added, WireSchema.type("integer")), (Key.revision, WireSchema.type("integer"))])
    }
}

/// The result of `server.unlock`: `{"locked": false}`.
public enum UnlockResult {
    /// The members' keys.
    public enum Key {
        /// Whether the store is still locked: false.
        public static let locked: StaticString = "locked"
    }

    /// Writes the result.
    public static func write(to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.locked, first: true)
        out.writeBool(false)
        out.endObject()
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([(Key.locked, WireSchema.constant(false))])
    }
}
