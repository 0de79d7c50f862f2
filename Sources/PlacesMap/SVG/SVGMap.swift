/// The same map as a picture: an SVG 1.1 document with the sea, the land filled and outlined, a circle per cell
/// with places, counts, labels, a scale bar and a legend.
///
/// A cell with places not visited only is a red disc; with visited places only, a green ring; with both, a red
/// disc in a green ring. A cell of one place shows it where it is; a cell of several shows their count at the
/// cell's centre. Labels are where `LabelPlacement` puts them on the terminal grid, so the picture and the
/// terminal name the same places.
public enum SVGMap {
    /// The colours of the picture.
    enum Palette {
        static let sea = "#dcebf7"
        static let land = "#f4f1e8"
        static let coast = "#8a9aa8"
        static let unvisited = "#d62728"
        static let visited = "#2ca02c"
        static let text = "#222222"
    }

    /// The document for `view`, `widthPixels` wide and as tall as the view's aspect and the legend need; its
    /// `viewBox` is in pixels, one terminal cell `widthPixels / view.columns` wide and twice as tall. A `note`
    /// takes the place of what the markers mean in the legend, after the scale bar.
    public static func render(
        view: MapView, coastline: Coastline, cells: [MapCell], widthPixels: Int = 960, note: String? = nil
    ) -> String {
        let layout = SVGLayout(view: view, widthPixels: widthPixels)
        var document = SVGDocument()
        document.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", layout.width.svg),
                ("height", layout.height.svg), ("viewBox", "0 0 \(layout.width.svg) \(layout.height.svg)"),
                ("font-family", "DejaVu Sans Mono, monospace"),
            ])
        document.element("title", text: "Places")
        document.open("defs")
        document.open("clipPath", [("id", "map")])
        document.element("rect", [("width", layout.width.svg), ("height", layout.mapHeight.svg)])
        document.close("clipPath")
        document.close("defs")
        document.element(
            "rect", [("width", layout.width.svg), ("height", layout.mapHeight.svg), ("fill", Palette.sea)])
        document.open("g", [("clip-path", "url(#map)")])
        drawLand(coastline, layout: layout, into: &document)
        drawMarkers(cells, layout: layout, into: &document)
        document.close("g")
        drawLabels(LabelPlacement.place(cells: cells, view: view), layout: layout, into: &document)
        drawLegend(layout: layout, note: note, into: &document)
        document.close("svg")
        return document.text
    }

    /// The land filled, then its coasts outlined without the data's cut edges.
    static func drawLand(_ coastline: Coastline, layout: SVGLayout, into document: inout SVGDocument) {
        let projection = MapProjection(view: layout.view, width: layout.width, height: layout.mapHeight)
        var fill = ""
        var outline = ""
        projection.forEachRing(of: coastline) { points, ring in
            var drawing = false
            for (index, point) in points.enumerated() {
                let (x, y) = projection.point(offset: point.offset, latitude: point.latitude)
                fill += (index == 0 ? "M" : "L") + "\(x.svg) \(y.svg)"
                guard index < ring.count else { continue }
                if Coastline.isCut(from: ring[index], to: ring[(index + 1) % ring.count]) {
                    drawing = false
                    continue
                }
                let next = points[index + 1]
                let (nextX, nextY) = projection.point(offset: next.offset, latitude: next.latitude)
                outline += (drawing ? "" : "M\(x.svg) \(y.svg)") + "L\(nextX.svg) \(nextY.svg)"
                drawing = true
            }
            fill += "Z"
        }
        guard !fill.isEmpty else { return }
        document.element("path", [("d", fill), ("fill", Palette.land), ("stroke", "none")])
        guard !outline.isEmpty else { return }
        document.element(
            "path",
            [
                ("d", outline), ("fill", "none"), ("stroke", Palette.coast), ("stroke-width", "1"),
                ("stroke-linejoin", "round"),
            ])
    }
}
