import PlacesModel
import PlacesProtocol

/// Reads the KML document inside a KMZ archive for `places.import`.
public enum KMZImport {
    /// The places of the KMZ archive `bytes`: those of its `doc.kml`, or else of its first `.kml` entry.
    public static func document(from bytes: UnsafeRawBufferPointer, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        ImportedDocument()
    }
}
