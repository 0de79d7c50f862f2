/// The result of `places.import.add` and `places.import.abort`: `{"staged": n}`, the places the staged import
/// holds after the part was added, or held when it was dropped.
public struct StagedImportResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// How many places the staged import holds (or held).
        public static let staged: StaticString = "staged"
    }

    /// How many places the staged import holds (or held).
    public var staged: Int64

    /// Creates a result.
    public init(staged: Int64) {
        self.staged = staged
    }

    /// Writes the result.
    public func write(to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.staged, first: true, integer: staged)
        out.endObject()
    }

    /// Reads the result: `staged` must be there.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> StagedImportResult {
        let reader = try ReplyReader(value)
        return StagedImportResult(staged: try reader.required(Key.staged, "count", reader.integer))
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([(Key.staged, WireSchema.type("integer"))])
    }
}
