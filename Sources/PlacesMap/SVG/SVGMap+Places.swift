extension SVGMap {
    /// A circle per cell with places: a red disc for places not visited, a green ring for visited ones, both
    /// for a mix; a larger one with the count on it when there are several.
    static func drawMarkers(_ cells: [MapCell], layout: SVGLayout, into document: inout SVGDocument) {
        let projection = MapProjection(view: layout.view, width: layout.width, height: layout.mapHeight)
        for cell in cells {
            guard (0..<layout.view.columns).contains(cell.position.column),
                (0..<layout.view.rows).contains(cell.position.row), cell.count > 0
            else { continue }
            // A count needs a larger disc to be read.
            let radius = cell.count > 1 ? layout.markerRadius * 1.6 : layout.markerRadius
            var centre = layout.centre(of: cell.position)
            if cell.count == 1, let label = cell.labels.first, let point = projection.point(label.coordinate) {
                centre = point
            }
            var attributes = [("cx", centre.x.svg), ("cy", centre.y.svg), ("r", radius.svg)]
            attributes += [("fill", cell.unvisited > 0 ? Palette.unvisited : "#ffffff")]
            if cell.visited > 0 {
                attributes += [("stroke", Palette.visited), ("stroke-width", (radius * 0.5).svg)]
            }
            document.element("circle", attributes)
            guard cell.count > 1 else { continue }
            document.element(
                "text",
                [
                    ("x", centre.x.svg), ("y", (centre.y + radius * 0.45).svg), ("font-size", (radius * 1.2).svg),
                    ("text-anchor", "middle"), ("fill", cell.unvisited > 0 ? "#ffffff" : Palette.text),
                ], text: cell.count > 9 ? "+" : String(cell.count))
        }
    }

    /// The labels, each on its terminal cells, its text starting at the first.
    static func drawLabels(_ labels: [PlacedLabel], layout: SVGLayout, into document: inout SVGDocument) {
        guard !labels.isEmpty else { return }
        document.open("g", [("font-size", layout.fontSize.svg), ("fill", Palette.text)])
        for label in labels {
            let x = Double(label.column) * layout.cellWidth
            let y = (Double(label.row) + 0.75) * layout.cellHeight
            document.element(
                "text", [("x", x.svg), ("y", y.svg), ("textLength", (Double(label.width) * layout.cellWidth).svg)],
                text: label.text)
        }
        document.close("g")
    }

    /// Under the map: the scale bar, then what the markers mean or `note` instead.
    static func drawLegend(layout: SVGLayout, note: String?, into document: inout SVGDocument) {
        let y = layout.mapHeight + layout.legendHeight / 2
        let size = layout.fontSize
        let radius = layout.markerRadius
        var x = size
        document.open("g", [("font-size", size.svg), ("fill", Palette.text)])
        if let scale = ScaleBar(view: layout.view, maximumCells: max(2, layout.view.columns / 4)) {
            let length = Double(scale.cells) * layout.cellWidth
            let tick = size / 2
            document.element(
                "path",
                [
                    (
                        "d",
                        "M\(x.svg) \((y - tick).svg)V\((y + tick).svg)M\(x.svg) \(y.svg)H\((x + length).svg)"
                            + "M\((x + length).svg) \((y - tick).svg)V\((y + tick).svg)"
                    ),
                    ("stroke", Palette.text), ("stroke-width", "1.5"), ("fill", "none"),
                ])
            x += length + size / 2
            document.element("text", [("x", x.svg), ("y", (y + size * 0.35).svg)], text: scale.distanceText)
            x += size * Double(scale.distanceText.count) * 0.6 + 2 * size
        }
        if let note {
            document.element("text", [("x", x.svg), ("y", (y + size * 0.35).svg)], text: note)
            return document.close("g")
        }
        let kinds: [(String, [(String, String)])] = [
            ("not visited", [("fill", Palette.unvisited)]),
            ("visited", [("fill", "#ffffff"), ("stroke", Palette.visited), ("stroke-width", (radius * 0.5).svg)]),
        ]
        for (meaning, style) in kinds {
            document.element("circle", [("cx", x.svg), ("cy", y.svg), ("r", radius.svg)] + style)
            x += radius + size / 2
            document.element("text", [("x", x.svg), ("y", (y + size * 0.35).svg)], text: meaning)
            x += size * Double(meaning.count) * 0.6 + 2 * size
        }
        document.close("g")
    }
}
