import PlacesXML

/// Why a document could not be read as KML.
enum KMLError: XMLReadingFailure, Sendable, Hashable {
    /// Not well-formed XML, as expat says it (`mismatched tag`), where it saw it.
    case malformed(reason: String, line: Int, column: Int)
    /// A `<!DOCTYPE …>`: refused, so that no entity is ever declared, expanded or fetched.
    case documentType(line: Int)
    /// Elements nested deeper than `limit`.
    case tooDeep(limit: Int, line: Int)
    /// The root element is not `kml` in a KML namespace.
    case notKML(rootElement: String)
    /// More point placemarks than the reader was allowed to read.
    case tooManyPlaces(limit: Int)

    /// What is wrong, phrased to follow the document's name: "is not well-formed XML: …".
    var reason: String {
        switch self {
        case .malformed(let reason, let line, let column):
            "is not well-formed XML: \(reason) at line \(line), column \(column)"
        case .documentType(let line):
            "has a document type declaration (line \(line)); KML needs none, and placesd reads no DTD, so that no "
                + "entity is ever expanded or fetched"
        case .tooDeep(let limit, let line):
            "nests elements more than \(limit) deep (line \(line))"
        case .notKML(let root):
            "is not a KML document: its root element is '\(root)', not kml in the KML 2.2 namespace"
        case .tooManyPlaces(let limit):
            "has more than \(limit) placemarks with a point"
        }
    }
}
