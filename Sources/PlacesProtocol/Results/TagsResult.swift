/// The result of `places.tags`: `{"tags": [{"tag": "Rome", "count": 3}, …], "revision": R}`, each of the caller's
/// tags once (as first written), with how many places hold it, by folded tag.
public struct TagsResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The array of tags.
        public static let tags: StaticString = "tags"
        /// A tag, in an element.
        public static let tag: StaticString = "tag"
        /// How many places hold it, in an element.
        public static let count: StaticString = "count"
        /// The owner's revision the counts are of.
        public static let revision: StaticString = "revision"
    }

    /// One tag and how many places hold it.
    public struct TagCount: Sendable, Hashable {
        /// The tag as first written.
        public let tag: String
        /// How many of the caller's places hold it.
        public let count: Int64

        /// Creates a count.
        public init(tag: String, count: Int64) {
            self.tag = tag
            self.count = count
        }
    }

    /// The tags, in the daemon's order.
    public let tags: [TagCount]

    /// Writes the result.
    public static func write(_ tags: [TagCount], revision: Int64, to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.tags, first: true)
        out.writeArray(tags) { element, out in
            out.beginObject()
            out.writeMember(Key.tag, first: true)
            out.writeString(element.tag)
            out.writeMember(Key.count, integer: element.count)
            out.endObject()
        }
        out.writeMember(Key.revision, integer: revision)
        out.endObject()
    }

    /// Reads the result.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> TagsResult {
        let elements = try ReplyReader(value).array(Key.tags)
        return TagsResult(
            tags: try ReplyReader.each(elements) { (element) throws(ReplyError) in
                let reader = try ReplyReader(element)
                return TagCount(
                    tag: try reader.required(Key.tag, "string", reader.string),
                    count: try reader.required(Key.count, "integer", reader.integer))
            })
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (
                Key.tags,
                WireSchema.array(
                    of: WireSchema.object([
                        (Key.tag, WireSchema.type("string")), (Key.count, WireSchema.type("integer")),
                    ])
                )
            ),
            (Key.revision, WireSchema.type("integer")),
        ])
    }
}
