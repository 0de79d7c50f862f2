import PlacesModel

// Stand-ins for the CSV reader and writer and the GeoJSON reader's report until they are merged.

/// Reads CSV.
public enum CSVImport {
    /// The places of a CSV document.
    public static func document(from bytes: UnsafeRawBufferPointer, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        throw .invalidParams(ValidationError(field: "csv", reason: "is not read yet"))
    }
}

/// Writes CSV.
public enum CSVExport {
    /// A CSV document.
    public static func csv(_ places: [Place]) -> [UInt8] {
        Array("name,latitude,longitude\r\n".utf8)
    }
}

extension GeoJSONImport {
    /// The places of a FeatureCollection and what it left out.
    public static func document(from collection: JSONValue, firstIndex: Int) throws(RPCError) -> ImportedDocument {
        ImportedDocument(places: try places(from: collection, firstIndex: firstIndex))
    }
}
