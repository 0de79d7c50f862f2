import CExpat

#if canImport(Glibc)
    import Glibc
#endif

/// One run of expat over one document, for a reader that keeps what it wants of it (`XMLStreamHandler`): expat
/// set up as placesd's XML readers need it, the document fed in chunks, and expat's errors turned into
/// `XMLStreamError`.
///
/// Namespaces are processed (each element's name is its namespace and local name). A document type declaration is
/// refused before anything in it is read, so no entity can be declared: only XML's five predefined entities and
/// character references are ever expanded, and nothing is fetched (no handler for external entities is set).
/// Elements may nest `maximumDepth` deep.
public final class XMLStream {
    /// What expat puts between an element's namespace and its local name.
    static let separator = UInt8(ascii: " ")
    /// The most bytes handed to expat at once (its length parameter is an `int`).
    private static let chunkBytes = 1 << 20
    /// The most namespaces whose names are kept for reuse (a document uses a handful).
    private static let keptNamespaces = 16

    private let encoding: String?
    /// How deep elements may nest.
    public let maximumDepth: Int
    /// How many elements are open.
    public private(set) var depth = 0
    private var parser: XML_Parser?
    private var handler: (any XMLStreamHandler)?
    private var failure: XMLStreamError?
    /// The namespaces seen, as expat spells them and as strings, so that each is made once.
    private var namespaces: [(bytes: [UInt8], name: String)] = []

    /// A stream reading documents in `encoding` (nil: the one the document's XML declaration names, UTF-8 when
    /// it names none) whose elements nest at most `maximumDepth` deep.
    public init(encoding: String?, maximumDepth: Int) {
        self.encoding = encoding
        self.maximumDepth = maximumDepth
    }

    /// Reads `document`, handing its elements and text to `handler`; throws the first reason it cannot be read,
    /// `.stopped` when `handler` called `stop()`.
    public func parse(_ document: UnsafeRawBufferPointer, with handler: any XMLStreamHandler)
        throws(XMLStreamError)
    {
        guard let parser = XML_ParserCreateNS(encoding, XML_Char(bitPattern: Self.separator)) else {
            throw .malformed(reason: "out of memory", line: 0, column: 0)
        }
        self.parser = parser
        self.handler = handler
        depth = 0
        failure = nil
        defer {
            XML_ParserFree(parser)
            self.parser = nil
            self.handler = nil
        }
        XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        XML_SetElementHandler(
            parser,
            { data, name, attributes in XMLStream.of(data).start(name, attributes) },
            { data, _ in XMLStream.of(data).end() })
        XML_SetCharacterDataHandler(parser) { data, characters, length in
            XMLStream.of(data).characters(characters, Int(length))
        }
        XML_SetStartDoctypeDeclHandler(parser) { data, _, _, _, _ in
            let stream = XMLStream.of(data)
            stream.fail(.documentType(line: stream.line))
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
    }

    /// The line expat is at.
    public var line: Int {
        parser.map { Int(XML_GetCurrentLineNumber($0)) } ?? 0
    }

    /// Stops reading: `parse(_:with:)` then throws `.stopped`, and the handler hears nothing more.
    public func stop() {
        fail(.stopped)
    }

    /// The stream behind expat's user data pointer.
    private static func of(_ data: UnsafeMutableRawPointer?) -> XMLStream {
        Unmanaged<XMLStream>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Records why the document cannot be read and stops expat, which then reports that it was aborted.
    private func fail(_ error: XMLStreamError) {
        guard failure == nil else { return }
        failure = error
        if let parser { XML_StopParser(parser, XML_FALSE) }
    }

    private func start(_ name: UnsafePointer<XML_Char>?, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?)
    {
        guard failure == nil, let handler else { return }
        guard depth < maximumDepth else { return fail(.tooDeep(limit: maximumDepth, line: line)) }
        depth += 1
        handler.start(XMLStartTag(stream: self, name: name, attributes: attributes))
    }

    private func end() {
        guard failure == nil, let handler else { return }
        depth -= 1
        handler.end()
    }

    private func characters(_ characters: UnsafePointer<XML_Char>?, _ length: Int) {
        guard failure == nil, let handler, let characters, length > 0 else { return }
        characters.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            handler.characters(UnsafeBufferPointer(start: bytes, count: length))
        }
    }

    /// The namespace spelled `bytes`, made into a string once per document and namespace.
    func namespace(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Compared with memcmp: every element of a document asks, with the same URI of some 30 bytes.
        for kept in namespaces where kept.bytes.count == bytes.count {
            let isSame = kept.bytes.withUnsafeBufferPointer { keptBytes in
                bytes.isEmpty || memcmp(keptBytes.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
            if isSame { return kept.name }
        }
        let name = String(decoding: bytes, as: UTF8.self)
        if namespaces.count < Self.keptNamespaces { namespaces.append((Array(bytes), name)) }
        return name
    }
}
