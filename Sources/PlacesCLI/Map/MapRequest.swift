import PlacesCommandLine
import PlacesMap
import PlacesModel
import PlacesProtocol

/// What `placesctl map` was asked for, read and checked from its options before anything is drawn.
struct MapRequest {
    /// The least terminal a map is drawn on: columns, then rows (the legend's line included).
    static let leastSize = (
        columns: TerminalMap.minimumColumns, rows: TerminalMap.minimumRows + TerminalMap.footerHeight
    )
    /// The largest map drawn, columns then rows: as many cells as `places.density` counts at once.
    static let largestSize = (
        columns: DensityGrid.maximumSide, rows: DensityGrid.maximumCells / DensityGrid.maximumSide
    )
    /// The size of a map drawn for a file or a pipe when no size is given.
    static let defaultSize = (columns: 80, rows: 24)
    /// The radius of `--around` without `--radius`, in metres.
    static let defaultRadius = 100_000.0

    /// The part of the world to show, before it is fitted to the canvas.
    var frame: MapFrame
    /// The filters (its box is not used: `frame` has it).
    var selection: PlaceSelection
    /// The size in cells, legend included; nil for the terminal's, asked again on each drawing.
    var size: (columns: Int, rows: Int)?
    /// The characters the map is drawn with.
    var glyphs: MapStyle.Glyphs
    /// The file to write an SVG picture to, if any.
    var svgPath: String?
    /// Whether to go on redrawing.
    var isLive: Bool
    /// The options that narrow what is shown, as typed (`--tag food`, `--around 'Big Ben'`); empty when none was
    /// given.
    var filters: [String] = []

    /// The options that narrow what a map shows, in the order `filters` names them.
    static let filterOptions: [any DeclaresOption] = [
        MapCommand.around, MapCommand.radius, CommonOptions.country, SelectionOptions.box, CommonOptions.visited,
        CommonOptions.unvisited, SelectionOptions.search, SelectionOptions.tag,
    ]

    /// What the legend says when the map shows no place, as `placesctl list` says it of an empty list, with the
    /// filters that left none.
    var emptyNote: String {
        guard !filters.isEmpty else { return ListCommand.emptyMessage }
        return "No places match \(filters.joined(separator: " "))."
    }

    /// A map of every place, fitted, at `size`, drawn once (`export --format svg`).
    init(size: (columns: Int, rows: Int)) {
        frame = .fitted
        selection = PlaceSelection(sort: .position, order: .ascending, visited: nil, query: nil, tags: [])
        self.size = size
        glyphs = .braille
        svgPath = nil
        isLive = false
    }

    /// Reads the options; a bad value or combination is a usage error.
    init(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        selection = try SelectionOptions.selection(input, defaultSort: .position)
        glyphs = input[MapCommand.ascii] ? .ascii : input[MapCommand.blocks] ? .blocks : .braille
        svgPath = try input[MapCommand.svg]
        isLive = input[MapCommand.watch]
        if context.isJSON {
            throw input.usageError(
                "map draws a picture and has no JSON; 'placesctl call places.density PARAMS' gives the counts it draws")
        }
        if isLive, svgPath != nil {
            throw input.usageError("--watch draws on the terminal; it cannot be used with --svg")
        }
        frame = try Self.frame(input, context, box: selection.box)
        selection.box = nil
        filters = Self.filters(input)
        size = try Self.size(input)
        if isLive, !context.runtime.isStandardOutputTerminal {
            throw input.usageError(
                "--watch needs a terminal on standard output; without --watch, map draws once into a file or a pipe")
        }
    }

    /// The frame `--around`/`--radius` or `--bbox` ask for, else a fit to the places.
    private static func frame(
        _ input: CommandInput, _ context: CommandContext, box: BoundingBox?
    ) throws(CLIFailure) -> MapFrame {
        let radius = try input[MapCommand.radius]
        let country = try input[CommonOptions.country]
        guard let around = try input[MapCommand.around] else {
            if radius != nil { throw input.usageError("--radius goes with --around") }
            if country != nil { throw input.usageError("--country names the country of the city given to --around") }
            return box.map(MapFrame.box) ?? .fitted
        }
        let center = try MapCenter.coordinate(around, country: country, context: context)
        return .around(center, radius: radius ?? defaultRadius)
    }

    /// The filters given, as typed, a value with a space or a quote in quotes.
    private static func filters(_ input: CommandInput) -> [String] {
        filterOptions.map(\.declaration).flatMap { option in
            guard option.takesValue else { return input.isGiven(option) ? [option.name] : [] }
            let entries = input.options.repeated[option.key] ?? input.values[option.key].map { [$0] } ?? []
            return entries.map { entry in
                let isPlain = !entry.text.isEmpty && !entry.text.contains { $0.isWhitespace || $0 == "'" || $0 == "\"" }
                return entry.spelling + " " + (isPlain ? entry.text : "'\(entry.text.replacing("'", with: "'\\''"))'")
            }
        }
    }

    /// `--width` and `--height`, checked; nil when neither is given.
    private static func size(_ input: CommandInput) throws(CLIFailure) -> (columns: Int, rows: Int)? {
        let width = try input[MapCommand.width]
        let height = try input[MapCommand.height]
        for (spelling, value, least, largest) in [
            ("--width", width, leastSize.columns, largestSize.columns),
            ("--height", height, leastSize.rows, largestSize.rows),
        ] {
            if let value, value < least || value > largest {
                throw input.usageError("\(spelling) must be between \(least) and \(largest) cells, got \(value)")
            }
        }
        guard width != nil || height != nil else { return nil }
        return (Int(width ?? Int64(defaultSize.columns)), Int(height ?? Int64(defaultSize.rows)))
    }

    /// The size to draw at: the one given, else the terminal's (refused when too small), else the default.
    static func canvas(
        given: (columns: Int, rows: Int)?, terminal: (columns: Int, rows: Int)?
    ) throws(CLIFailure) -> (columns: Int, rows: Int) {
        if let given { return given }
        guard let terminal else { return defaultSize }
        guard terminal.columns >= leastSize.columns, terminal.rows >= leastSize.rows else {
            throw .usage(
                "the terminal is too small for a map: \(terminal.columns) × \(terminal.rows) cells, at least "
                    + "\(leastSize.columns) × \(leastSize.rows) needed (or give --width and --height)",
                command: MapCommand.spec.name)
        }
        return (min(terminal.columns, largestSize.columns), min(terminal.rows, largestSize.rows))
    }
}
