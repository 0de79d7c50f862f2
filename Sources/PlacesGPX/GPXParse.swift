import PlacesXML

/// One reading of a GPX document: where in the document it is, and what it has kept (expat, through `XMLStream`,
/// hands it the document's elements and text).
final class GPXParse: XMLStreamHandler {
    /// What an open element is to the reader.
    private enum Element {
        /// The root `gpx`.
        case root
        /// A `wpt` directly under the root.
        case waypoint
        /// A waypoint's `extensions`.
        case extensions
        /// A child of a waypoint (or of its extensions, in placesd's namespace) whose text is kept.
        case field(Field)
        /// Anything else, skipped with its contents.
        case other
    }

    /// The waypoint children whose texts are kept, by local name: GPX's, then placesd's extensions, then
    /// OsmAnd's.
    private enum Field: String {
        case name, desc, cmt, type
        case tag, visitedAt, visited
        case address, visitedDate = "visited_date"

        /// The fields GPX itself has.
        static let gpxFields: Set<Field> = [.name, .desc, .cmt, .type]
        /// The fields of placesd's extensions.
        static let placesdFields: Set<Field> = [.tag, .visitedAt, .visited]
        /// The fields of OsmAnd's extensions.
        static let osmandFields: Set<Field> = [.address, .visitedDate]

        /// The text already kept for this child of `waypoint` (nil for a tag: every one is kept).
        func text(of waypoint: GPXWaypoint) -> String? {
            switch self {
            case .name: waypoint.name
            case .desc: waypoint.description
            case .cmt: waypoint.comment
            case .type: waypoint.type
            case .tag: nil
            case .visitedAt: waypoint.visitedAt
            case .visited: waypoint.visited
            case .address: waypoint.address
            case .visitedDate: waypoint.visitedDate
            }
        }

        /// Keeps `text` for this child of `waypoint`.
        func set(_ text: String, in waypoint: inout GPXWaypoint) {
            switch self {
            case .name: waypoint.name = text
            case .desc: waypoint.description = text
            case .cmt: waypoint.comment = text
            case .type: waypoint.type = text
            case .tag: waypoint.tags.append(text)
            case .visitedAt: waypoint.visitedAt = text
            case .visited: waypoint.visited = text
            case .address: waypoint.address = text
            case .visitedDate: waypoint.visitedDate = text
            }
        }
    }
    /// The waypoint children read past without a word: the time placesd's export writes, and the extensions
    /// element (whose children are looked at one by one).
    private static let quietChildren: Set<String> = ["time", "extensions"]

    private let maximumWaypoints: Int
    private var open: [Element] = []
    private var namespace = ""
    private var waypoint: GPXWaypoint?
    private var text: [UInt8] = []
    private var contents = GPXContents()
    private var failure: GPXError?
    private let stream = XMLStream(encoding: "UTF-8", maximumDepth: GPXReader.maximumDepth)

    init(maximumWaypoints: Int) {
        self.maximumWaypoints = maximumWaypoints
    }

    /// Parses `document` and returns what it holds, or the first reason it cannot be read.
    func run(_ document: UnsafeRawBufferPointer) throws(GPXError) -> GPXContents {
        do throws(XMLStreamError) {
            try stream.parse(document, with: self)
        } catch {
            throw error.reported(stoppedFor: failure, line: line)
        }
        return contents
    }

    /// The line expat is at.
    private var line: Int {
        stream.line
    }

    /// Records why the document cannot be read and stops reading it.
    private func fail(_ error: GPXError) {
        guard failure == nil else { return }
        failure = error
        stream.stop()
    }

    func start(_ tag: XMLStartTag) {
        let (uri, local) = tag.qualifiedName
        let element: Element
        switch open.last {
        case nil:
            guard local == "gpx", GPXReader.namespaces.contains(uri) else {
                return fail(.notGPX(rootElement: uri.isEmpty ? local : "{\(uri)}\(local)"))
            }
            namespace = uri
            element = .root
        case .root? where uri == namespace:
            switch local {
            case "wpt":
                guard contents.waypoints.count < maximumWaypoints else {
                    return fail(.tooManyWaypoints(limit: maximumWaypoints))
                }
                waypoint = Self.waypoint(line: line, tag: tag)
                element = .waypoint
            case "trk":
                contents.trackLines.append(line)
                element = .other
            case "rte":
                contents.routeLines.append(line)
                element = .other
            default:
                element = .other
            }
        case .waypoint? where uri == namespace:
            if let field = Field(rawValue: local), Field.gpxFields.contains(field) {
                text.removeAll(keepingCapacity: true)
                element = .field(field)
            } else {
                if !Self.quietChildren.contains(local) { contents.droppedFields.insert(local) }
                element = local == "extensions" ? .extensions : .other
            }
        // gpsbabel moves the extensions it passes through out of `extensions`, straight under the waypoint, so
        // placesd's and OsmAnd's elements are read there too.
        case .extensions?, .waypoint?:
            let kept: Set<Field> =
                uri == GPXReader.placesdNamespace
                ? Field.placesdFields : GPXReader.osmandNamespaces.contains(uri) ? Field.osmandFields : []
            if let field = Field(rawValue: local), kept.contains(field) {
                text.removeAll(keepingCapacity: true)
                element = .field(field)
            } else {
                if uri != GPXReader.placesdNamespace {
                    let isOsmand = GPXReader.osmandNamespaces.contains(uri)
                    contents.droppedFields.insert(isOsmand ? "osmand:" + local : local)
                }
                element = .other
            }
        default:
            element = .other
        }
        open.append(element)
    }

    func end() {
        guard let element = open.popLast() else { return }
        switch element {
        case .waypoint:
            if let waypoint { contents.waypoints.append(waypoint) }
            waypoint = nil
        case .field(let field):
            // A repeated child keeps the first one's text.
            if var kept = waypoint, field.text(of: kept) == nil {
                field.set(String(decoding: text, as: UTF8.self), in: &kept)
                waypoint = kept
            }
        case .root, .extensions, .other:
            break
        }
    }

    func characters(_ characters: UnsafeBufferPointer<UInt8>) {
        guard case .field? = open.last else { return }
        text.append(contentsOf: characters)
    }

    /// A waypoint starting on `line` with its `lat` and `lon` attributes (in no namespace, as GPX has them).
    private static func waypoint(line: Int, tag: XMLStartTag) -> GPXWaypoint {
        var waypoint = GPXWaypoint(line: line)
        waypoint.latitude = tag.attribute("lat")
        waypoint.longitude = tag.attribute("lon")
        return waypoint
    }
}
