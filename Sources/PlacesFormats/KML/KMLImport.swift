import PlacesModel
import PlacesProtocol

/// Turns a KML 2.2 document's point placemarks into the places of `places.import`.
///
/// A `Placemark` with a `Point` (or a `MultiGeometry` holding one: its first `Point`) becomes a place: `name`
/// its name (Organic Maps' `mwm:customName` or `mwm:name` when it has none, the default name when all are
/// blank), `description` its description (HTML turned into text, see `KMLDescription`), the point's
/// `longitude,latitude[,altitude]` its coordinates. `ExtendedData` (`Data`/`value` or `SchemaData`/`SimpleData`)
/// named `visited` (`true`/`false`, `1`/`0`), `visitedAt` (RFC 3339), `tags` (separated by `;`) and `id` give
/// those fields; other names are reported as dropped. Without a `tags` value, the names of the `Folder`s the
/// placemark is in, outermost first, are its tags, or the `Document`'s name when the document has no `Folder`.
/// Placemarks with another geometry or none are skipped and reported, as are the elements read past (`styleUrl`,
/// `TimeStamp`, `gx:…`, `mwm:…`). Errors name the placemark by its index among all placemarks,
/// `kml.Placemark[3].Point.coordinates`, and end with the line.
public enum KMLImport {
    /// The places of the KML document `bytes`, refusing more than `maximumPlaces` point placemarks with -32006
    /// and anything that cannot become places with -32602.
    public static func document(from bytes: UnsafeRawBufferPointer, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        try document(from: bytes, maximumPlaces: maximumPlaces, named: "KML document", field: "kml")
    }

    /// The places of `bytes`, the document being called `name` in a limit's message and `field` in errors.
    static func document(from bytes: UnsafeRawBufferPointer, maximumPlaces: Int, named name: String, field: String)
        throws(RPCError) -> ImportedDocument
    {
        let contents: KMLContents
        do throws(KMLError) {
            contents = try KMLReader.read(bytes, maximumPlaces: maximumPlaces)
        } catch {
            if case .tooManyPlaces(let limit) = error {
                throw .limitReached(
                    "The \(name) has more than \(limit) placemarks with a point; one import may add at most "
                        + "\(limit) (max-import-places), so nothing was imported")
            }
            throw invalid(field, error.reason)
        }
        let folders = KMLFolderTags(contents)
        var places: [ImportedPlace] = []
        places.reserveCapacity(contents.placemarks.count)
        for placemark in contents.placemarks {
            places.append(try place(from: placemark, tags: folders, field: field))
        }
        return ImportedDocument(places: places, omissions: contents.omissions)
    }

    /// The place of `placemark`; errors name it within the document's `documentField` (the texts of an error are
    /// made only when there is one: this runs for every placemark).
    private static func place(from placemark: KMLPlacemark, tags folders: KMLFolderTags, field documentField: String)
        throws(RPCError) -> ImportedPlace
    {
        var field: String { documentField + ".Placemark[\(placemark.index)]" }
        var line: String { " (line \(placemark.line))" }
        guard let coordinates = placemark.coordinates.flatMap(KMLCoordinates.parse) else {
            let written = KMLText.shown(KMLText.trimmed(placemark.coordinates ?? ""))
            throw invalid(
                field + ".Point.coordinates",
                "must be longitude,latitude[,altitude] in decimal degrees, not '\(written)' "
                    + "(line \(placemark.coordinatesLine))")
        }
        let data = try KMLPlacemarkData(placemark.data, field: field + ".ExtendedData", line: line)
        var name = placemark.name.map(KMLText.trimmed)
        if name?.isEmpty ?? true {
            name = placemark.organicMapsNames.lazy.map(KMLText.trimmed).first { !$0.isEmpty }
        }
        let tags = data.tags ?? folders.tags(of: placemark)
        do throws(ValidationError) {
            let draft = try PlaceDraft(
                name: name ?? PlaceRules.defaultName,
                description: placemark.description.map(KMLDescription.plainText) ?? "",
                latitude: coordinates.latitude, longitude: coordinates.longitude,
                isVisited: data.isVisited || data.visitedAt != nil, visitedAt: data.visitedAt, tags: tags)
            return ImportedPlace(id: data.id, draft: draft)
        } catch {
            let element =
                switch PlaceField(text: error.field) {
                case .latitude, .longitude: "Point.coordinates"
                case .name: "name"
                case .description: "description"
                default:
                    error.field.hasPrefix(PlaceField.tags.text)
                        ? (data.tags == nil ? "Folder.name" : "ExtendedData.tags") : error.field
                }
            throw invalid(field + "." + element, error.reason + line)
        }
    }

    static func invalid(_ field: String, _ reason: String) -> RPCError {
        .invalidParams(ValidationError(field: field, reason: reason))
    }
}
