import CExpat

/// One run of expat over one document: the parser, where in the document it is, and what it has kept.
///
/// expat calls back into this object through its user data pointer; the object outlives the parse, which
/// `run(_:)` finishes before it returns.
final class GPXParse {
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

    /// What expat puts between an element's namespace and its local name.
    private static let separator = UInt8(ascii: " ")
    /// The most bytes handed to expat at once (its length parameter is an `int`).
    private static let chunkBytes = 1 << 20

    private let maximumWaypoints: Int
    private var open: [Element] = []
    private var namespace = ""
    private var waypoint: GPXWaypoint?
    private var text: [UInt8] = []
    private var contents = GPXContents()
    private var failure: GPXError?
    private var parser: XML_Parser?

    init(maximumWaypoints: Int) {
        self.maximumWaypoints = maximumWaypoints
    }

    /// Parses `document` and returns what it holds, or the first reason it cannot be read.
    func run(_ document: UnsafeRawBufferPointer) throws(GPXError) -> GPXContents {
        guard let parser = XML_ParserCreateNS("UTF-8", XML_Char(bitPattern: Self.separator)) else {
            throw .malformed(reason: "out of memory", line: 0, column: 0)
        }
        self.parser = parser
        defer {
            XML_ParserFree(parser)
            self.parser = nil
        }
        XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        XML_SetElementHandler(
            parser,
            { data, name, attributes in GPXParse.of(data).start(name, attributes) },
            { data, _ in GPXParse.of(data).end() })
        XML_SetCharacterDataHandler(parser) { data, characters, length in
            GPXParse.of(data).characters(characters, Int(length))
        }
        XML_SetStartDoctypeDeclHandler(parser) { data, _, _, _, _ in
            let parse = GPXParse.of(data)
            parse.fail(.documentType(line: parse.line))
        }
        _ = XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)

        var offset = 0
        repeat {
            let count = min(document.count - offset, Self.chunkBytes)
            let isFinal = offset + count == document.count
            let chunk = document.baseAddress.map { $0 + offset }?.assumingMemoryBound(to: CChar.self)
            if XML_Parse(parser, chunk, Int32(count), isFinal ? 1 : 0) == XML_STATUS_ERROR {
                if let failure { throw failure }
                let reason = XML_ErrorString(XML_GetErrorCode(parser)).map { String(cString: $0) } ?? "unknown error"
                throw .malformed(
                    reason: reason, line: Int(XML_GetCurrentLineNumber(parser)),
                    column: Int(XML_GetCurrentColumnNumber(parser)) + 1)
            }
            offset += count
        } while offset < document.count
        return contents
    }

    /// The parse behind expat's user data pointer.
    private static func of(_ data: UnsafeMutableRawPointer?) -> GPXParse {
        Unmanaged<GPXParse>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The line expat is at.
    private var line: Int {
        parser.map { Int(XML_GetCurrentLineNumber($0)) } ?? 0
    }

    /// Records why the document cannot be read and stops expat, which then reports that it was aborted.
    private func fail(_ error: GPXError) {
        guard failure == nil else { return }
        failure = error
        if let parser { XML_StopParser(parser, XML_FALSE) }
    }

    private func start(_ name: UnsafePointer<XML_Char>?, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?)
    {
        guard failure == nil else { return }
        guard open.count < GPXReader.maximumDepth else {
            return fail(.tooDeep(limit: GPXReader.maximumDepth, line: line))
        }
        let (uri, local) = Self.split(name)
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
                waypoint = Self.waypoint(line: line, attributes: attributes)
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

    private func end() {
        guard failure == nil, let element = open.popLast() else { return }
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

    private func characters(_ characters: UnsafePointer<XML_Char>?, _ length: Int) {
        guard failure == nil, case .field? = open.last, let characters, length > 0 else { return }
        characters.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
        }
    }

    /// A waypoint starting on `line` with its `lat` and `lon` attributes (in no namespace, as GPX has them).
    private static func waypoint(line: Int, attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?)
        -> GPXWaypoint
    {
        var waypoint = GPXWaypoint(line: line)
        var index = 0
        while let name = attributes?[index], let value = attributes?[index + 1] {
            switch String(cString: name) {
            case "lat": waypoint.latitude = String(cString: value)
            case "lon": waypoint.longitude = String(cString: value)
            default: break
            }
            index += 2
        }
        return waypoint
    }

    /// An element's namespace and local name from expat's `namespace local` form (`local` alone in none).
    private static func split(_ name: UnsafePointer<XML_Char>?) -> (uri: String, local: String) {
        guard let name else { return ("", "") }
        let full = String(cString: name)
        guard let space = full.utf8.lastIndex(of: separator) else { return ("", full) }
        return (String(full[..<space]), String(full[full.index(after: space)...]))
    }
}
