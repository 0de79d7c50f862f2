/// The result of `places.list`: `{"places": [the page], "total": matches, "revision": R}`.
public struct ListPage: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The page of places.
        public static let places: StaticString = "places"
        /// The matches before `offset` and `limit`.
        public static let total: StaticString = "total"
        /// The caller's revision (every user's with `allUsers`).
        public static let revision: StaticString = "revision"
    }

    /// The page's places.
    public let places: [WirePlace]
    /// How many places matched before `offset` and `limit`; the page's count when the reply leaves it out.
    public let total: Int64
    /// The revision the page was read at, if given.
    public let revision: Int64?

    /// Writes the result, the page written as an array by `writePlaces`.
    public static func write(
        total: Int, revision: Int64, to out: inout JSONWriter, places writePlaces: (inout JSONWriter) -> Void
    ) {
        out.beginObject()
        out.writeMember(Key.places, first: true)
        writePlaces(&out)
        out.writeMember(Key.total, integer: Int64(total))
        out.writeMember(Key.revision, integer: revision)
        out.endObject()
    }

    /// Reads the result.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> ListPage {
        let reader = try ReplyReader(value)
        let places = try reader.places(Key.places)
        return ListPage(
            places: places, total: reader.integer(Key.total) ?? Int64(places.count),
            revision: reader.integer(Key.revision))
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (Key.places, WireSchema.array(of: WireSchema.ref("Place"))),
            (Key.total, WireSchema.type("integer", "Matches before offset and limit.")),
            (Key.revision, WireSchema.type("integer", "Committed changes to the caller's places.")),
        ])
    }
}
