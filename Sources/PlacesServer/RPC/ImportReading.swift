import PlacesFormats
import PlacesGPX
import PlacesModel
import PlacesProtocol

/// The daemon's reader of import documents sent as text (`ImportParams.DocumentReader`): GPX over expat, KML and
/// KMZ with `PlacesFormats`, CSV with `PlacesProtocol`'s reader.
enum ImportReading {
    /// The places of `text` in `format` (for `kmz`, the archive's base64) and what it left out, refusing more
    /// than `maximumPlaces` places with -32006.
    static func read(_ text: String, _ format: ImportTextFormat, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        switch format {
        case .gpx:
            return try GPXImport.document(from: text, maximumPlaces: maximumPlaces)
        case .csv:
            return try ImportParams.readHere(text, format, maximumPlaces: maximumPlaces)
        case .kml:
            var text = text
            return try text.withUTF8 { buffer in
                Result { () throws(RPCError) in
                    try KMLImport.document(from: UnsafeRawBufferPointer(buffer), maximumPlaces: maximumPlaces)
                }
            }.get()
        case .kmz:
            guard let archive = Base64.decode(text) else {
                throw .invalidParams(
                    ValidationError(
                        field: format.rawValue,
                        reason: "is not base64 (RFC 4648: A-Z, a-z, 0-9, + and /, without white space)"))
            }
            return try archive.withUnsafeBytes { bytes in
                Result { () throws(RPCError) in try KMZImport.document(from: bytes, maximumPlaces: maximumPlaces) }
            }.get()
        }
    }
}
