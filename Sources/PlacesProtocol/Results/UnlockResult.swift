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
