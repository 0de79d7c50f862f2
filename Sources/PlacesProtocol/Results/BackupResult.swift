/// The result of `server.backup`: `{"path", "revision", "places", "bytes", "sealed"}`, and `"pruned"` (the older
/// backups removed) for a backup into a directory.
public struct BackupResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The backup file's path.
        public static let path: StaticString = "path"
        /// The store revision the backup holds.
        public static let revision: StaticString = "revision"
        /// How many places (of every user) it holds.
        public static let places: StaticString = "places"
        /// The file's size in bytes.
        public static let bytes: StaticString = "bytes"
        /// Whether its places are sealed (the store is encrypted).
        public static let sealed: StaticString = "sealed"
        /// The older backups removed from the directory.
        public static let pruned: StaticString = "pruned"
    }

    /// The backup file's path.
    public var path: String
    /// The store revision the backup holds.
    public var revision: Int64
    /// How many places it holds.
    public var places: Int64
    /// The file's size in bytes.
    public var bytes: Int64
    /// Whether its places are sealed.
    public var isSealed: Bool
    /// The older backups removed, for a backup into a directory; nil for a file.
    public var pruned: [String]?

    /// Creates a result.
    public init(path: String, revision: Int64, places: Int64, bytes: Int64, isSealed: Bool, pruned: [String]?) {
        self.path = path
        self.revision = revision
        self.places = places
        self.bytes = bytes
        self.isSealed = isSealed
        self.pruned = pruned
    }

    /// Writes the result.
    public func write(to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.path, first: true)
        out.writeString(path)
        out.writeMember(Key.revision, integer: revision)
        out.writeMember(Key.places, integer: places)
        out.writeMember(Key.bytes, integer: bytes)
        out.writeMember(Key.sealed)
        out.writeBool(isSealed)
        if let pruned {
            out.writeMember(Key.pruned)
            out.beginArray()
            for (index, path) in pruned.enumerated() {
                if index > 0 { out.comma() }
                out.writeString(path)
            }
            out.endArray()
        }
        out.endObject()
    }

    /// Reads the result.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> BackupResult {
        let reader = try ReplyReader(value)
        var pruned: [String]?
        if reader.value(Key.pruned) != nil {
            pruned = try ReplyReader.each(reader.array(Key.pruned)) { element throws(ReplyError) in
                guard let path = element.stringValue else { throw .missing(key: Key.pruned.description, kind: "path") }
                return path
            }
        }
        return BackupResult(
            path: try reader.required(Key.path, "string", reader.string),
            revision: try reader.required(Key.revision, "integer", reader.integer),
            places: try reader.required(Key.places, "count", reader.integer),
            bytes: try reader.required(Key.bytes, "integer", reader.integer),
            isSealed: try reader.required(Key.sealed, "boolean", reader.bool), pruned: pruned)
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (Key.path, WireSchema.type("string")), (Key.revision, WireSchema.type("integer")),
            (Key.places, WireSchema.type("integer")), (Key.bytes, WireSchema.type("integer")),
            (Key.sealed, WireSchema.type("boolean")), (Key.pruned, WireSchema.array(of: WireSchema.type("string"))),
        ])
    }
}
