import PlacesModel

/// The result of `places.export`: `{"format": …, "document": an array, an object, or a string (XML, CSV, or a
/// KMZ archive's base64)}`.
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

    /// Writes the result with the document `ExportEncoding` writes (not KML or KMZ: see the other `write`).
    public static func write(format: ExportFormat, places: [Place], includeOwner: Bool, to out: inout JSONWriter) {
        write(format: format, to: &out) { out in
            ExportEncoding.writeDocument(format: format, places: places, includeOwner: includeOwner, to: &out)
        }
    }

    /// Writes the result with the document `writeDocument` writes as a JSON value: KML and KMZ, which this module
    /// does not write, as a string of the document's text or of the archive's base64.
    public static func write(
        format: ExportFormat, to out: inout JSONWriter, document writeDocument: (inout JSONWriter) -> Void
    ) {
        out.beginObject()
        out.writeMember(Key.format, first: true)
        out.writeString(format.rawValue)
        out.writeMember(Key.document)
        writeDocument(&out)
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
            (
                Key.document,
                WireSchema.described(
                    "An array (json), an object (geojson), a string of XML (gpx, kml) or CSV (csv), or a string of "
                        + "base64 holding the archive (kmz).")
            ),
        ])
    }
}
