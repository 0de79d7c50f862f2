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
