import PlacesModel
import PlacesProtocol

// Stand-ins for the KML and KMZ readers and writers until they are merged.

/// Reads KML.
public enum KMLImport {
    /// The places of a KML document.
    public static func document(from bytes: UnsafeRawBufferPointer, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        throw .invalidParams(ValidationError(field: "kml", reason: "is not read yet"))
    }
}

/// Reads KMZ.
public enum KMZImport {
    /// The places of a KMZ archive.
    public static func document(from bytes: UnsafeRawBufferPointer, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        throw .invalidParams(ValidationError(field: "kmz", reason: "is not read yet"))
    }
}

/// Writes KML.
public enum KMLExport {
    /// A KML document.
    public static func kml(_ places: [Place], groupByTag: Bool) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>\n".utf8)
    }
}

/// Writes KMZ.
public enum KMZExport {
    /// A KMZ archive.
    public static func kmz(_ places: [Place], groupByTag: Bool) throws(RPCError) -> [UInt8] {
        Array("PK\u{3}\u{4}".utf8)
    }
}
