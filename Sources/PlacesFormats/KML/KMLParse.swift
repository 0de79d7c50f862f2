import CExpat

#if canImport(Glibc)
    import Glibc
#endif

/// One run of expat over one KML document: the parser, where in the document it is, and what it has kept.
///
/// expat calls back into this object through its user data pointer; the object outlives the parse, which
/// `run(_:)` finishes before it returns.
final class KMLParse {
    /// What an open element is to the reader.
    enum Frame {
        /// The root `kml`.
        case root
        /// A `Document` or `Folder`, by its index in `KMLContents.containers`.
        case container(Int)
        /// A container's `ExtendedData` (where Organic Maps keeps a list's `mwm:name`).
        case containerData(Int)
        /// A `Placemark`.
        case placemark
        /// A `MultiGeometry` of the placemark.
        case multiGeometry
        /// A `Point` of the placemark; `isFirst` when it is the one whose coordinates are kept.
        case point(isFirst: Bool)
        /// The placemark's `ExtendedData`.
        case extendedData
        /// A `Data` element, by its `name`.
        case data(String)
        /// A `SchemaData` element.
        case schemaData
        /// Organic Maps' `mwm:name` or `mwm:customName`, holding one `mwm:lang` per language.
        case organicMapsNames(NameOwner)
        /// An element whose text is kept.
        case text(TextTarget)
        /// Anything else, skipped with its contents.
        case other
    }

    /// Whose Organic Maps name a `mwm:lang` gives.
    enum NameOwner {
        /// The placemark's `mwm:customName` (`isCustom`) or `mwm:name`.
        case placemark(isCustom: Bool)
        /// A container's `mwm:name`.
        case container(Int)
    }

    /// Where the text of an element goes.
    enum TextTarget {
        case containerName(Int)
        case placemarkName
        case description
        case coordinates
        case value(String)
        case organicMapsName(NameOwner)
    }

    /// What expat puts between an element's namespace and its local name.
    static let separator = UInt8(ascii: " ")
    /// The most bytes handed to expat at once (its length parameter is an `int`).
    private static let chunkBytes = 1 << 20

    let maximumPlaces: Int
    var open: [Frame] = []
    var namespace = ""
    var placemark: KMLPlacemark?
    var placemarkCount = 0
    var text: [UInt8] = []
    var contents = KMLContents()
    var failure: KMLError?
    private var parser: XML_Parser?

    init(maximumPlaces: Int) {
        self.maximumPlaces = maximumPlaces
    }

    /// Parses `document` and returns what it holds, or the first reason it cannot be read.
    func run(_ document: UnsafeRawBufferPointer) throws(KMLError) -> KMLContents {
        // No encoding given: expat follows the document's declaration (UTF-8, UTF-16, ISO-8859-1, US-ASCII).
        guard let parser = XML_ParserCreateNS(nil, XML_Char(bitPattern: Self.separator)) else {
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
            { data, name, attributes in KMLParse.of(data).start(name, attributes) },
            { data, _ in KMLParse.of(data).end() })
        XML_SetCharacterDataHandler(parser) { data, characters, length in
            KMLParse.of(data).characters(characters, Int(length))
        }
        XML_SetStartDoctypeDeclHandler(parser) { data, _, _, _, _ in
            let parse = KMLParse.of(data)
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
    private static func of(_ data: UnsafeMutableRawPointer?) -> KMLParse {
        Unmanaged<KMLParse>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The line expat is at.
    var line: Int {
        parser.map { Int(XML_GetCurrentLineNumber($0)) } ?? 0
    }

    /// Records why the document cannot be read and stops expat, which then reports that it was aborted.
    func fail(_ error: KMLError) {
        guard failure == nil else { return }
        failure = error
        if let parser { XML_StopParser(parser, XML_FALSE) }
    }

    private func start(_ name: UnsafePointer<XML_Char>?, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?)
    {
        guard failure == nil else { return }
        guard open.count < KMLReader.maximumDepth else {
            return fail(.tooDeep(limit: KMLReader.maximumDepth, line: line))
        }
        // Everything inside a skipped element is skipped: no need to read its name.
        if case .other? = open.last { return open.append(.other) }
        let (uri, local) = Self.split(name)
        let frame = self.frame(uri: uri, local: local) { wanted in Self.attribute(wanted, in: attributes) }
        if case .text = frame { text.removeAll(keepingCapacity: true) }
        if failure == nil { open.append(frame) }
    }

    private func end() {
        guard failure == nil, let frame = open.popLast() else { return }
        switch frame {
        case .text(let target): keep(String(decoding: text, as: UTF8.self), for: target)
        case .placemark: finishPlacemark()
        default: break
        }
    }

    private func characters(_ characters: UnsafePointer<XML_Char>?, _ length: Int) {
        guard failure == nil, case .text? = open.last, let characters, length > 0 else { return }
        characters.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
        }
    }

    /// The value of the attribute `wanted` (in no namespace) among expat's name, value pairs.
    private static func attribute(_ wanted: String, in attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?)
        -> String?
    {
        var index = 0
        while let name = attributes?[index], let value = attributes?[index + 1] {
            if String(cString: name) == wanted { return String(cString: value) }
            index += 2
        }
        return nil
    }

    /// An element's namespace and local name from expat's `namespace local` form (`local` alone in none).
    private static func split(_ name: UnsafePointer<XML_Char>?) -> (uri: String, local: String) {
        guard let name else { return ("", "") }
        return name.withMemoryRebound(to: UInt8.self, capacity: strlen(name)) { start in
            let bytes = UnsafeBufferPointer(start: start, count: strlen(name))
            guard let space = bytes.lastIndex(of: separator) else {
                return ("", String(decoding: bytes, as: UTF8.self))
            }
            return (
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<space]), as: UTF8.self),
                String(decoding: UnsafeBufferPointer(rebasing: bytes[(space + 1)...]), as: UTF8.self)
            )
        }
    }
}
