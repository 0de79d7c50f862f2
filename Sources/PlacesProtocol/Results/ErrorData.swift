/// The `data` of an error object: what a program can act on, e.g. `{"field": "latitude", "reason": "…"}`.
public enum ErrorData {
    /// The members' keys.
    public enum Key {
        /// The parameter refused.
        public static let field: StaticString = "field"
        /// Why it was refused.
        public static let reason: StaticString = "reason"
        /// A conflict's current version of the place.
        public static let currentVersion: StaticString = "currentVersion"
        /// The oldest revision the change log holds.
        public static let oldestRevision: StaticString = "oldestRevision"
        /// The current revision, older than a `since` asked for.
        public static let currentRevision: StaticString = "currentRevision"
        /// The id of a place already in use.
        public static let id: StaticString = "id"
    }

    /// `{"field": field, "reason": reason}` and the members of `extra`.
    public static func invalid(field: String, reason: String, _ extra: (key: StaticString, value: JSONValue)...)
        -> JSONValue
    {
        object([(Key.field, .string(field)), (Key.reason, .string(reason))] + extra)
    }

    /// An object of `members`.
    public static func object(_ members: [(key: StaticString, value: JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { (key: $0.key.description, value: $0.value) }))
    }

    /// The `field` of an error's data, if it has one.
    public static func field(of error: RPCError) -> String? {
        error.data?[Key.field.description]?.stringValue
    }

    /// The `reason` of an error's data, if it has one.
    public static func reason(of error: RPCError) -> String? {
        error.data?[Key.reason.description]?.stringValue
    }
}
