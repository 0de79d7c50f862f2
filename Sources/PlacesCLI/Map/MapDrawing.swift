import PlacesClient
import PlacesMap
import PlacesModel
import PlacesProtocol

/// One drawing of a map: the view fitted to the canvas and the cells of places in it, asked of the daemon with
/// `places.density` only (a large store is never listed).
struct MapDrawing {
    /// How many of the nearest places each cell names, for labels.
    static let labelsPerCell = 1

    /// What is shown, on the map's grid (the legend's line not included).
    let view: MapView
    /// The non-empty cells.
    let cells: [MapCell]
    /// What the legend says instead of what the markers mean: nil, unless there is no place to show.
    let note: String?

    /// Asks for what `request` shows on a canvas of `canvas` cells (legend included), through `call`, which sends
    /// one `places.density` request and returns its result.
    init(
        _ request: MapRequest, canvas: (columns: Int, rows: Int),
        call: (DensityParams) throws(ClientError) -> JSONValue
    ) throws(ClientError) {
        let selection = request.selection
        func grid(_ view: MapView, labels: Int) throws(ClientError) -> [MapCell] {
            let result = try call(MapDensity.params(view, selection: selection, labels: labels))
            do throws(ReplyError) {
                return try MapDensity.cells(result)
            } catch {
                throw .protocolViolation("\(Method.density.rawValue) returned \(error.reason)")
            }
        }
        view = try request.frame.view(columns: canvas.columns, rows: canvas.rows - TerminalMap.footerHeight) {
            () throws(ClientError) in
            try MapFit.coordinates { (view) throws(ClientError) in try grid(view, labels: 0) }
        }
        cells = try grid(view, labels: Self.labelsPerCell)
        note = cells.contains { $0.count > 0 } ? nil : request.emptyNote
    }

    /// The terminal's lines: the map's rows, then the scale and legend (or `note`).
    func lines(coastline: Coastline, style: MapStyle) -> [String] {
        TerminalMap.render(view: view, coastline: coastline, cells: cells, style: style, note: note)
    }

    /// The SVG document.
    func svg(coastline: Coastline) -> String {
        SVGMap.render(view: view, coastline: coastline, cells: cells, note: note)
    }
}
