import PlacesModel
import PlacesProtocol

/// Writes places as a KMZ archive.
public enum KMZExport {
    /// A zip archive holding `KMLExport.kml(places, groupByTag:)` as `doc.kml`, deflated; -32603 when libzip
    /// cannot write it (out of memory).
    public static func kmz(_ places: [Place], groupByTag: Bool) throws(RPCError) -> [UInt8] {
        let kml = KMLExport.kml(places, groupByTag: groupByTag)
        do throws(ZipWriter.Failure) {
            return try ZipWriter.archive(name: "doc.kml", contents: kml)
        } catch {
            throw .internalError("The KMZ archive could not be written: \(error.reason)")
        }
    }
}
