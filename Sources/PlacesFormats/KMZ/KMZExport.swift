import PlacesModel
import PlacesProtocol

/// Writes places as a KMZ archive.
public enum KMZExport {
    /// A zip archive holding `KMLExport.kml(places, groupByTag:)` as `doc.kml`, deflated.
    public static func kmz(_ places: [Place], groupByTag: Bool) throws(RPCError) -> [UInt8] {
        []
    }
}
