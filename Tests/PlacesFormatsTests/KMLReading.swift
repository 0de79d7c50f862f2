import PlacesFormats
import PlacesModel
import PlacesProtocol

/// Runs the readers on bytes and strings, for the tests.
enum KMLReading {
    /// The document KMLImport reads from `bytes`.
    static func kml(_ bytes: [UInt8], maximumPlaces: Int = 1000) throws(RPCError) -> ImportedDocument {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(RPCError) in try KMLImport.document(from: buffer, maximumPlaces: maximumPlaces) }
        }
        return try result.get()
    }

    /// The document KMLImport reads from `text`.
    static func kml(_ text: String, maximumPlaces: Int = 1000) throws(RPCError) -> ImportedDocument {
        try kml(Array(text.utf8), maximumPlaces: maximumPlaces)
    }

    /// The document KMZImport reads from `bytes`.
    static func kmz(_ bytes: [UInt8], maximumPlaces: Int = 1000) throws(RPCError) -> ImportedDocument {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(RPCError) in try KMZImport.document(from: buffer, maximumPlaces: maximumPlaces) }
        }
        return try result.get()
    }

    /// A KML document holding `body` inside its `Document`.
    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document>\(body)</Document></kml>
        """
    }

    /// The field and reason of the -32602 error `run` throws (the code and message of another error), or nil
    /// when it throws none.
    static func refusal(_ run: () throws -> ImportedDocument) -> (field: String, reason: String)? {
        do {
            _ = try run()
            return nil
        } catch let error as RPCError {
            guard error.code == RPCErrorCode.invalidParams, let field = error.data?["field"]?.stringValue,
                let reason = error.data?["reason"]?.stringValue
            else { return ("code \(error.code)", error.message) }
            return (field, reason)
        } catch {
            return ("not an RPCError", "\(error)")
        }
    }
}
