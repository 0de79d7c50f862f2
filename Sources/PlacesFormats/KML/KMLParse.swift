import PlacesXML

/// One reading of a KML document: where in the document it is, and what it has kept (expat, through
/// `XMLStream`, hands it the document's elements and text).
final class KMLParse: XMLStreamHandler {
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

    let maximumPlaces: Int
    var open: [Frame] = []
    var namespace = ""
    var placemark: KMLPlacemark?
    var placemarkCount = 0
    var text: [UInt8] = []
    var contents = KMLContents()
    var failure: KMLError?
    // No encoding given: expat follows the document's declaration (UTF-8, UTF-16, ISO-8859-1, US-ASCII).
    private let stream = XMLStream(encoding: nil, maximumDepth: KMLReader.maximumDepth)

    init(maximumPlaces: Int) {
        self.maximumPlaces = maximumPlaces
    }

    /// Parses `document` and returns what it holds, or the first reason it cannot be read.
    func run(_ document: UnsafeRawBufferPointer) throws(KMLError) -> KMLContents {
        do throws(XMLStreamError) {
            try stream.parse(document, with: self)
        } catch {
            throw error.reported(stoppedFor: failure, line: line)
        }
        return contents
    }

    /// The line expat is at.
    var line: Int {
        stream.line
    }

    /// Records why the document cannot be read and stops reading it.
    func fail(_ error: KMLError) {
        guard failure == nil else { return }
        failure = error
        stream.stop()
    }

    func start(_ tag: XMLStartTag) {
        // Everything inside a skipped element is skipped: no need to read its name.
        if case .other? = open.last { return open.append(.other) }
        let (uri, local) = tag.qualifiedName
        let frame = self.frame(uri: uri, local: local) { wanted in tag.attribute(wanted) }
        if case .text = frame { text.removeAll(keepingCapacity: true) }
        if failure == nil { open.append(frame) }
    }

    func end() {
        guard let frame = open.popLast() else { return }
        switch frame {
        case .text(let target): keep(String(decoding: text, as: UTF8.self), for: target)
        case .placemark: finishPlacemark()
        default: break
        }
    }

    func characters(_ characters: UnsafeBufferPointer<UInt8>) {
        guard case .text? = open.last else { return }
        text.append(contentsOf: characters)
    }
}
