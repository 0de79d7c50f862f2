import PlacesClient
import PlacesCommandLine
import PlacesMap
import PlacesModel
import PlacesProtocol

/// `placesctl map [--around WHERE [--radius DISTANCE] [--country CC]|--bbox S,W,N,E] [--visited|--unvisited] [--search TEXT]
/// [--tag TAG]... [--width N] [--height N] [--ascii] [--svg FILE] [--watch]`.
enum MapCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "map",
        abstract: "Draw your places on a map of the world in the terminal.",
        discussion: """
            The map fits the places that match the filters, with a margin (the whole world when they span most \
            of it); --around shows the circle of --radius (default 100km) around a point given as LAT,LON or one \
            of your places by its name or id, or a city (as 'placesctl near' reads WHERE; --country picks the \
            country of a city); --bbox shows a box of degrees. Land is drawn in braille dots (--blocks: half blocks, \
            --ascii: dots), each place as a marker in its cell: ✓ visited, ● not visited yet (x and o with \
            --ascii), coloured on a colour terminal, with a count where several share a cell and names where \
            they fit; the last line is a scale and a legend. When the map shows no place, that line says so \
            instead, as 'placesctl list' does: that there are no places yet, or 'No places match' and the \
            filters given (--tag nosuchtag), in the SVG picture too. The map fills the terminal; --width and --height give its size in \
            cells (at least 20 × 6, the legend's line included), and into a file or a pipe it is 80 × 24 unless \
            they are given. --svg FILE writes the same map as an SVG picture instead. With --watch the map \
            stays on the terminal's alternate screen and is redrawn after every change to your places (a \
            change shows within a tenth of a second), when the terminal is resized, and after placesd comes \
            back from a restart; Ctrl-C (SIGINT) or SIGTERM ends it with status 0 and gives the screen back. \
            --watch needs a terminal on standard output.
            """,
        options: [
            around.excluding(group: "frame"),
            SelectionOptions.box.with(abstract: "Show this box of degrees; W greater than E crosses the antimeridian.")
                .excluding(group: "frame"),
            radius,
            CommonOptions.country.with(
                abstract: "Take --around as a city of this country: a code (FR) or a name (France)."),
            CommonOptions.visited.with(abstract: "Show only visited places."),
            CommonOptions.unvisited.with(abstract: "Show only places not visited yet."),
            SelectionOptions.search, SelectionOptions.tag, width, height, blocks, ascii, svg, watch,
        ],
        handler: run
    )

    /// `--around WHERE`.
    static let around = Option<String>(
        ["--around"], valueName: "WHERE",
        abstract: "Show the circle of --radius around LAT,LON, one of your places or a city.", completion: .placeID)
    /// `--radius DISTANCE`, in metres: more than 0.
    static let radius = Option<Double>(
        ["--radius"], valueName: "DISTANCE",
        abstract: "With --around: metres (500), kilometres (500km) or miles (20mi); 100km if not given.",
        convert: { DistanceText.metres($0).flatMap { $0 > 0 ? $0 : nil } },
        refusal: { spelling, text in
            if DistanceText.metres(text.hasPrefix("-") ? String(text.dropFirst()) : text) != nil {
                return "\(spelling) must be more than 0, got '\(text)'"
            }
            return "\(spelling) expects a distance such as 500, 500km or 20mi, got '\(text)'"
        })
    /// `--width N`.
    static let width = Option<Int64>.integer(
        ["--width"], valueName: "N", abstract: "The map's width in cells (default: the terminal's).")
    /// `--height N`.
    static let height = Option<Int64>.integer(
        ["--height"], valueName: "N", abstract: "The map's height in cells, legend included (default: the terminal's).")
    /// `--blocks`.
    static let blocks = Flag(
        ["--blocks"], abstract: "Draw land with half blocks instead of braille, for fonts without braille.",
        exclusiveGroup: "glyphs")
    /// `--ascii`.
    static let ascii = Flag(
        ["--ascii"], abstract: "Draw with ASCII characters only, for terminals with nothing else.",
        exclusiveGroup: "glyphs")
    /// `--svg FILE`.
    static let svg = Option<String>(
        ["--svg"], valueName: "FILE", abstract: "Write the map as an SVG picture to FILE (- for standard output).",
        completion: .file)
    /// `--watch`.
    static let watch = Flag(["--watch"], abstract: "Stay on the terminal and redraw after every change.")

    /// Draws the map once, or live with `--watch`.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let request = try MapRequest(input, context)
        if request.isLive {
            var live = try MapLiveView(request, context: context)
            return try live.run()
        }
        let terminal = context.runtime.terminalColumns.flatMap { columns in
            context.runtime.terminalRows.map { (columns: columns, rows: $0) }
        }
        let canvas = try MapRequest.canvas(
            given: request.size,
            terminal: request.svgPath == nil && context.runtime.isStandardOutputTerminal
                ? terminal : nil)
        let drawing = try draw(request, canvas: canvas, context: context)
        let (coastline, problem) = MapCoastline.load(environment: context.runtime.environment)
        if let problem { context.note(problem) }
        guard let path = request.svgPath else {
            let lines = drawing.lines(coastline: coastline, style: style(request, context: context))
            return try context.write(lines.joined(separator: "\n") + "\n")
        }
        try writeSVG(drawing.svg(coastline: coastline), to: path, context: context)
    }

    /// The map's style: the glyphs asked for, coloured as placesctl colours its output.
    static func style(_ request: MapRequest, context: CommandContext) -> MapStyle {
        MapStyle(glyphs: request.glyphs, isColoured: context.style.isEnabled)
    }

    /// The drawing of `request` on `canvas`, asked of the daemon through `context`.
    static func draw(
        _ request: MapRequest, canvas: (columns: Int, rows: Int), context: CommandContext
    ) throws(CLIFailure) -> MapDrawing {
        do {
            return try MapDrawing(request, canvas: canvas) { (params) throws(ClientError) in
                try context.callReportingClientErrors(params)
            }
        } catch {
            throw CLIFailure(error, socketPath: context.socketPath)
        }
    }

    /// Writes an SVG document to `path` (`-`: standard output), confirming on standard output otherwise.
    static func writeSVG(_ document: String, to path: String, context: CommandContext) throws(CLIFailure) {
        guard path != "-" else { return try context.write(document) }
        do {
            try Array(document.utf8).withUnsafeBytes { bytes in
                Result { () throws(OutputError) in try context.runtime.writeFile(path, bytes) }
            }.get()
        } catch {
            throw .output("cannot write '\(path)': \(error.reason)")
        }
        if !context.isJSON {
            try context.write("Wrote the map to '\(path)'.\n")
        }
    }
}
