import PlacesModel
import PlacesProtocol

/// Turns a KML 2.2 document's point placemarks into the places of `places.import`.
public enum KMLImport {
    /// The places of the KML document `bytes`, refusing more than `maximumPlaces` point placemarks with -32006
    /// and anything that cannot become places with -32602 (`kml.Placemark[3].Point.coordinates`, the reason
    /// ending with the line).
    public static func document(from bytes: UnsafeRawBufferPointer, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        ImportedDocument()
    }
}
