import PlacesClient
import PlacesModel
import PlacesProtocol

/// One drawing of a map: the box fitted to the canvas and the cells of places in it, asked of the daemon with
/// `places.density` only (a large store is never listed).
struct MapDrawing {
    /// How many of the nearest places each cell names, for labels.
    static let labelsPerCell = 1

    /// The box shown, shaped like the canvas.
    let box: BoundingBox
    /// The map's columns.
    let columns: Int
    /// The map's rows, the legend's line not included.
    let rows: Int
    /// The non-empty cells.
    let cells: [MapCell]

    /// Asks for what `request` shows on a canvas of `canvas` cells (legend included), through `call`, which sends
    /// one `places.density` request and returns its result.
    init(
        _ request: MapRequest, canvas: (columns: Int, rows: Int),
        call: (JSONValue) throws(ClientError) -> JSONValue
    ) throws(ClientError) {
        columns = canvas.columns
        rows = canvas.rows - MapPicture.footerLines
        let selection = request.selection
        func grid(_ box: BoundingBox, _ columns: Int, _ rows: Int, _ labels: Int) throws(ClientError) -> [MapCell] {
            let result = try call(
                MapDensity.params(box: box, columns: columns, rows: rows, selection: selection, labels: labels))
            do throws(ReplyError) {
                return try MapDensity.cells(result)
            } catch {
                throw .protocolViolation("\(MapDensity.method) returned \(error.reason)")
            }
        }
        let frame: BoundingBox
        switch request.frame {
        case .box(let box):
            frame = box
        case .around(let center, let radius):
            frame = MapFrame.box(around: center, radius: radius)
        case .fitted:
            frame =
                try MapFit.box { (box, columns, rows) throws(ClientError) in try grid(box, columns, rows, 0) }
                ?? MapFrame.world
        }
        box = MapPicture.shaped(frame, columns: columns, rows: rows)
        cells = try grid(box, columns, rows, Self.labelsPerCell)
    }

    /// The terminal's lines: the map's rows, then the legend.
    func lines(style: TextStyle, isASCII: Bool) -> [String] {
        MapPicture.terminal(columns: columns, rows: rows, cells: cells, style: style, isASCII: isASCII)
    }
}
