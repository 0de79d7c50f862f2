import PlacesCommandLine
import PlacesProtocol

/// `placesctl export [--format json|geojson|gpx|kml|kmz|csv|svg] [--group-by-tag] [-o FILE]`.
enum ExportCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write your places as JSON, GeoJSON, GPX, KML, KMZ, CSV or SVG.",
        discussion: """
            JSON and GeoJSON are written as one line of compact JSON, GPX, KML and CSV as placesd writes them; each \
            ends with a newline. KML holds each place's tags and visited state in ExtendedData, which 'placesctl \
            import' reads back; with --group-by-tag it also puts each place in a Folder named after its first tag, \
            the way Google My Maps, Google Earth and Marble show lists. KMZ is that KML zipped, written as the \
            archive's bytes: to a file with -o, or to standard output when it is not a terminal. CSV has a header \
            row and the columns id, name, latitude, longitude, description, visited, visitedAt, tags (separated \
            by ';') and createdAt. The format is --format's, json when not given, whatever -o's file is named. \
            With -o, the file is replaced atomically (written to FILE.tmp, then renamed) and a confirmation is \
            printed. With --json, the result object {"format", "document"} is written instead of the document (KMZ \
            as base64). --format svg draws the map of all your places, as 'placesctl map --svg' does, 120 × 40 \
            cells.
            """,
        options: [format, groupByTag, output],
        handler: run
    )

    /// `--format FORMAT`.
    static let format = Option<ExportChoice>(
        ["--format"], valueName: "FORMAT",
        abstract: "json (the default, what 'placesctl import' reads), geojson, gpx, kml, kmz, csv or svg (a map).",
        completion: .words(ExportChoice.names), defaultValue: .daemon(.json), convert: ExportChoice.init,
        refusal: { spelling, text in "\(spelling) must be json, geojson, gpx, kml, kmz, csv or svg, got '\(text)'" })

    /// `--group-by-tag`.
    static let groupByTag = Flag(
        ["--group-by-tag"],
        abstract: "kml and kmz: put each place in a Folder named after its first tag (places without tags outside).")

    /// The size of the map `--format svg` draws, in cells.
    static let mapSize = (columns: 120, rows: 40)

    /// `-o FILE`, `--output FILE`.
    static let output = Option<String>(
        ["-o", "--output"], valueName: "FILE", abstract: "Write to FILE instead of standard output.",
        completion: .file)

    /// Sends `places.export` and writes the document.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let format: ExportFormat
        switch try input[Self.format] ?? .daemon(.json) {
        case .daemon(let chosen):
            format = chosen
        case .svg:
            return try exportMap(input, context)
        }
        let isGrouped = input[Self.groupByTag]
        if isGrouped && !format.groupsByTag {
            throw .usage("--group-by-tag is read only with --format kml or kmz", command: spec.name)
        }
        let output = try input[Self.output].flatMap { $0 == "-" ? nil : $0 }
        if format == .kmz, !context.isJSON, output == nil, context.runtime.isStandardOutputTerminal {
            throw .usage(
                "KMZ is a zip archive, not text for a terminal: write it to a file with -o FILE, or redirect "
                    + "standard output", command: spec.name)
        }
        let result = try context.call(ExportParams(format: format, groupByTag: isGrouped))
        let document = try context.decode(result, from: Method.export.rawValue, ExportResult.decode).document
        guard let output else {
            let bytes =
                context.isJSON ? Array((result.jsonText + "\n").utf8) : try documentBytes(document, format: format)
            return try context.write(bytes: bytes)
        }
        let outcome: Result<Void, OutputError>
        if !context.isJSON, format != .kmz, case .string(var text) = document, text.hasSuffix("\n") {
            // The document's own bytes, not a copy of them: an export may be tens of megabytes.
            outcome = text.withUTF8 { utf8 in
                Result { () throws(OutputError) in try context.runtime.writeFile(output, UnsafeRawBufferPointer(utf8)) }
            }
        } else {
            let bytes =
                context.isJSON ? Array((result.jsonText + "\n").utf8) : try documentBytes(document, format: format)
            outcome = bytes.withUnsafeBytes { bytes in
                Result { () throws(OutputError) in try context.runtime.writeFile(output, bytes) }
            }
        }
        if case .failure(let error) = outcome {
            throw .output("cannot write '\(output)': \(error.reason)")
        }
        if !context.isJSON {
            try context.write(
                confirmation(count: format == .csv || format == .kmz ? nil : placeCount(document), path: output))
        }
    }

    /// The document as written: KMZ's base64 decoded to the archive's bytes, any other string as is and anything
    /// else as compact JSON, ending in a newline.
    static func documentBytes(_ document: JSONValue, format: ExportFormat) throws(CLIFailure) -> [UInt8] {
        guard format == .kmz else { return Array(documentText(document).utf8) }
        guard let text = document.stringValue, let archive = Base64.decode(text) else {
            throw .software("placesd's KMZ export is not a string of base64")
        }
        return archive
    }

    /// Draws the map of every place and writes it as SVG.
    /// With --json, the result object as for the other formats: `{"format": "svg", "document": "<svg ..."}`.
    static func exportMap(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let drawing = try MapCommand.draw(MapRequest(size: mapSize), canvas: mapSize, context: context)
        let coastline = MapCoastline.load(environment: context.runtime.environment)
        if let problem = coastline.problem { context.note(problem) }
        var document = drawing.svg(coastline: coastline.coastline)
        if context.isJSON {
            let result = JSONObject([(key: "format", value: "svg"), (key: "document", value: .string(document))])
            document = JSONValue.object(result).jsonText + "\n"
        }
        try MapCommand.writeSVG(document, to: try input[Self.output] ?? "-", context: context)
    }

    /// The document as written: a string as is, anything else as compact JSON; either ending in a newline.
    static func documentText(_ document: JSONValue) -> String {
        if case .string(let text) = document {
            return text.hasSuffix("\n") ? text : text + "\n"
        }
        return document.jsonText + "\n"
    }

    /// The number of places in a document: the array's elements, the features, or GPX's waypoints or KML's
    /// Placemarks (the caller leaves out CSV and KMZ, whose strings hold neither).
    static func placeCount(_ document: JSONValue) -> Int? {
        switch document {
        case .array(let places):
            return places.count
        case .object:
            return document["features"]?.arrayValue?.count
        case .string(var xml):
            // Counted in place: the document may be tens of megabytes, with a few dozen tags per place.
            return xml.withUTF8 { bytes in
                var count = 0
                for index in bytes.indices where bytes[index] == UInt8(ascii: "<") {
                    let rest = UnsafeBufferPointer(rebasing: bytes[(index + 1)...])
                    if startsElement("wpt", rest) || startsElement("Placemark", rest) { count += 1 }
                }
                return count
            }
        default:
            return nil
        }
    }

    /// Whether `bytes` start with the name `element` and then a space or a `>`: the rest of its start tag.
    private static func startsElement(_ element: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = UnsafeBufferPointer(start: element.utf8Start, count: element.utf8CodeUnitCount)
        guard bytes.count > name.count, bytes.starts(with: name) else { return false }
        let next = bytes[name.count]
        return next == UInt8(ascii: " ") || next == UInt8(ascii: ">")
    }

    /// `Exported 3 places to 'FILE'.`
    static func confirmation(count: Int?, path: String) -> String {
        guard let count else { return "Exported your places to '\(path)'.\n" }
        return "Exported \(count) \(count == 1 ? "place" : "places") to '\(path)'.\n"
    }
}
