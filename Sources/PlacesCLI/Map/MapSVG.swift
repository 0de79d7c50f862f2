import PlacesModel

/// A drawing as an SVG document: a sea-coloured box, a marker at each cell's place, a legend.
enum MapSVG {
    /// The size of a terminal cell in the picture, in pixels: as tall as two wide.
    static let cellWidth = 8.0
    static let cellHeight = 16.0
    /// The legend's height in pixels.
    static let legendHeight = 24.0
    /// The markers' fill: visited, not visited.
    static let visitedColour = "#1a9850"
    static let unvisitedColour = "#d73027"

    /// The document.
    static func document(_ drawing: MapDrawing) -> String {
        let width = Double(drawing.columns) * cellWidth
        let height = Double(drawing.rows) * cellHeight
        var body = ""
        var total = 0
        for cell in drawing.cells {
            total += cell.count
            let (x, y) = position(cell, in: drawing, width: width, height: height)
            let colour = cell.visited > 0 ? visitedColour : unvisitedColour
            let radius = cell.count > 1 ? 7.0 : 5.0
            body += "<circle cx=\"\(text(x))\" cy=\"\(text(y))\" r=\"\(text(radius))\" fill=\"\(colour)\"/>\n"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(text(width))" height="\(text(height + legendHeight))" \
            viewBox="0 0 \(text(width)) \(text(height + legendHeight))">
            <rect x="0" y="0" width="\(text(width))" height="\(text(height))" fill="#dbe9f6"/>
            \(body)<text x="4" y="\(text(height + 17))" font-family="sans-serif" font-size="13">\
            ● visited (green)  ● not visited (red)  \(total) \(total == 1 ? "place" : "places")</text>
            </svg>

            """
    }

    /// Where a cell's marker goes: at its nearest place when the reply names one, else at its centre.
    static func position(
        _ cell: MapCell, in drawing: MapDrawing, width: Double, height: Double
    ) -> (x: Double, y: Double) {
        let box = drawing.box
        guard let place = cell.nearest.first?.coordinate else {
            return ((Double(cell.column) + 0.5) * cellWidth, (Double(cell.row) + 0.5) * cellHeight)
        }
        var east = place.longitude - box.west
        if east < 0 { east += 360 }
        return (east / box.longitudeSpan * width, (box.north - place.latitude) / box.latitudeSpan * height)
    }

    /// A number with at most two decimals.
    private static func text(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
