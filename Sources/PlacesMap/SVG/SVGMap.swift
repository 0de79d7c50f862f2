/// The same map as a picture: an SVG 1.1 document with the land filled, a circle per cell with places (filled
/// when none is visited, a ring when all are, both when mixed), the places' count, labels, a legend and a scale.
public enum SVGMap {
    /// The document for `view`, `widthPixels` wide and as tall as the view's aspect and the legend need; its
    /// `viewBox` is in pixels, one terminal cell `widthPixels / view.columns` wide and twice as tall.
    public static func render(view: MapView, coastline: Coastline, cells: [MapCell], widthPixels: Int = 960)
        -> String
    {
        ""
    }
}
