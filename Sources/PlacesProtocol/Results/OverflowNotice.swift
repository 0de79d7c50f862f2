/// The params of a `places.overflow` notification: `{"reason": why the subscription ended}`.
public struct OverflowNotice: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// Why the subscription ended.
        public static let reason: StaticString = "reason"
    }

    /// Why the subscription ended, if given.
    public let reason: String?

    /// Writes the params.
    public static func write(reason: String, to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.reason, first: true)
        out.writeString(reason)
        out.endObject()
    }

    /// Reads the params, leniently.
    public static func decode(_ value: JSONValue?) -> OverflowNotice {
        OverflowNotice(reason: (try? ReplyReader(value))?.string(Key.reason))
    }
}
