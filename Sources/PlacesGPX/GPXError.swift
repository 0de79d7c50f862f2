import PlacesXML

/// Why a document could not be read as GPX.
public enum GPXError: XMLReadingFailure, Sendable, Hashable, CustomStringConvertible {
    /// Not well-formed XML, as expat says it (`mismatched tag`), where it saw it.
    case malformed(reason: String, line: Int, column: Int)
    /// A `<!DOCTYPE …>`: refused, so that no entity is ever declared, expanded or fetched.
    case documentType(line: Int)
    /// Elements nested deeper than `limit`.
    case tooDeep(limit: Int, line: Int)
    /// The root element is not `gpx` in the GPX 1.0 or 1.1 namespace (or in none).
    case notGPX(rootElement: String)
    /// More waypoints than the reader was allowed to read.
    case tooManyWaypoints(limit: Int)

    /// What is wrong, phrased to follow the document's name: "is not well-formed XML: …".
    public var reason: String {
        switch self {
        case .malformed(let reason, let line, let column):
            "is not well-formed XML: \(reason) at line \(line), column \(column)"
        case .documentType(let line):
            "has a document type declaration (line \(line)); GPX needs none, and placesd reads no DTD, so that no "
                + "entity is ever expanded or fetched"
        case .tooDeep(let limit, let line):
            "nests elements more than \(limit) deep (line \(line))"
        case .notGPX(let root):
            "is not a GPX document: its root element is '\(root)', not gpx in the GPX 1.0 or 1.1 namespace"
        case .tooManyWaypoints(let limit):
            "has more than \(limit) waypoints"
        }
    }

    /// "The document is not well-formed XML: …".
    public var description: String {
        "The document \(reason)"
    }
}
