import PlacesCommandLine
import PlacesProtocol

/// `placesctl export [--format json|geojson|gpx|svg] [-o FILE]`.
enum ExportCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write all your places as JSON, GeoJSON, GPX or a map in SVG.",
        discussion: """
            JSON and GeoJSON are written as one line of compact JSON, GPX as placesd writes it; each ends with a \
            newline. With -o, the file is replaced atomically (written to FILE.tmp, then renamed) and a \
            confirmation is printed. With --json, the result object {"format", "document"} is written instead of \
            the document. --format svg draws the map of all your places, as 'placesctl map --svg' does, 120 × \
            40 cells.
            """,
        options: [format, output],
        handler: run
    )

    /// `--format FORMAT`.
    static let format = Option<ExportChoice>(
        ["--format"], valueName: "FORMAT",
        abstract: "json (the default, what 'placesctl import' reads), geojson, gpx or svg (a map).",
        completion: .words(ExportChoice.names), defaultValue: .daemon(.json), convert: ExportChoice.init,
        refusal: { spelling, text in "\(spelling) must be json, geojson, gpx or svg, got '\(text)'" })

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
        let result = try context.call(ExportParams(format: format))
        let document = try context.decode(result, from: Method.export.rawValue, ExportResult.decode).document
        let text = context.isJSON ? result.jsonText + "\n" : documentText(document)
        guard let output = try input[Self.output], output != "-" else {
            return try context.write(text)
        }
        do {
            try context.runtime.writeFile(output, Array(text.utf8))
        } catch {
            throw .output("cannot write '\(output)': \(error.reason)")
        }
        if !context.isJSON {
            try context.write(confirmation(count: placeCount(document), path: output))
        }
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

    /// The number of places in a document: the array's elements, the features, or GPX's waypoints.
    static func placeCount(_ document: JSONValue) -> Int? {
        switch document {
        case .array(let places):
            return places.count
        case .object:
            return document["features"]?.arrayValue?.count
        case .string(let xml):
            return xml.utf8.split(separator: UInt8(ascii: "<"), omittingEmptySubsequences: true)
                .count { $0.starts(with: "wpt ".utf8) || $0.starts(with: "wpt>".utf8) }
        default:
            return nil
        }
    }

    /// `Exported 3 places to 'FILE'.`
    static func confirmation(count: Int?, path: String) -> String {
        guard let count else { return "Exported your places to '\(path)'.\n" }
        return "Exported \(count) \(count == 1 ? "place" : "places") to '\(path)'.\n"
    }
}
