/// The result of `places.import.begin`: `{"token", "maxLineBytes", "maxPlaces"}`: the staged import's token and
/// the limits its parts and its whole must keep within.
public struct ImportBeginResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The token that names the staged import in `places.import.add`, `commit` and `abort`.
        public static let token: StaticString = "token"
        /// The longest request line the daemon reads (`max-line-bytes`): each part must fit in one.
        public static let maxLineBytes: StaticString = "maxLineBytes"
        /// The most places one import may hold (`max-import-places`).
        public static let maxPlaces: StaticString = "maxPlaces"
    }

    /// The staged import's token.
    public var token: String
    /// The longest request line the daemon reads.
    public var maxLineBytes: Int64
    /// The most places one import may hold.
    public var maxPlaces: Int64

    /// Creates a result.
    public init(token: String, maxLineBytes: Int64, maxPlaces: Int64) {
        self.token = token
        self.maxLineBytes = maxLineBytes
        self.maxPlaces = maxPlaces
    }

    /// Writes the result.
    public func write(to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.token, first: true)
        out.writeString(token)
        out.writeMember(Key.maxLineBytes, integer: maxLineBytes)
        out.writeMember(Key.maxPlaces, integer: maxPlaces)
        out.endObject()
    }

    /// Reads the result; every member must be there.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> ImportBeginResult {
        let reader = try ReplyReader(value)
        return ImportBeginResult(
            token: try reader.required(Key.token, "string", reader.string),
            maxLineBytes: try reader.required(Key.maxLineBytes, "count", reader.integer),
            maxPlaces: try reader.required(Key.maxPlaces, "count", reader.integer))
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (Key.token, WireSchema.type("string")), (Key.maxLineBytes, WireSchema.type("integer")),
            (Key.maxPlaces, WireSchema.type("integer")),
        ])
    }
}
