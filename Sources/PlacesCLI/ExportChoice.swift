import PlacesProtocol

/// What `export --format` asks for: a document placesd writes (`places.export`), or the map as an SVG picture,
/// which placesctl draws itself from `places.density` and its coastline.
enum ExportChoice: Equatable, Sendable {
    /// A format of `places.export`.
    case daemon(ExportFormat)
    /// The map of every place, as `placesctl map --svg` draws it.
    case svg

    /// Every choice, as `--format` spells them.
    static let names = ExportFormat.allCases.map(\.rawValue) + ["svg"]

    /// The choice spelled `text`, or nil.
    init?(_ text: String) {
        if text == "svg" {
            self = .svg
        } else if let format = ExportFormat(rawValue: text) {
            self = .daemon(format)
        } else {
            return nil
        }
    }
}
