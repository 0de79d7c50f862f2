import PlacesModel

/// The result of `places.export`: `{"format": …, "document": an array, an object or a string of XML}`.
public struct ExportResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The document's format.
        public static let format: StaticString = "format"
        /// The document.
        public static let document: StaticString = "document"
    }

    /// The document.
    public let document: JSONValue

    /// Writes the result.
    public static func write(format: ExportFormat, places: [Place], includeOwner: Bool, to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.format, first: true)
        out.writeString(format.rawValue)
        out.writeMember(Key.document)
        ExportEncoding.writeDocument(format: format, places: places, includeOwner: includeOwner, to: &out)
        out.endObject()
    }

    /// Reads the result: `document` must be there.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> ExportResult {
        let reader = try ReplyReader(value)
        return ExportResult(document: try reader.required(Key.document, "", reader.value))
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (Key.format, WireSchema.type("string")),
            (Key.document, WireSchema.described("An array, an object or a string of XML.")),
        ])
    }
}
