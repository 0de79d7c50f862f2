// Only libm's pure functions.
#if canImport(Glibc)
    import func Glibc.cos
    import func Glibc.pow
    import func Glibc.log10
#elseif canImport(Musl)
    import func Musl.cos
    import func Musl.pow
    import func Musl.log10
#elseif canImport(Darwin)
    import func Darwin.cos
    import func Darwin.pow
    import func Darwin.log10
#endif

/// A map's scale: a round distance (1, 2 or 5 times a power of ten, in metres or kilometres) and the cells it
/// takes across the view's centre latitude, where plate carrée's scale is that of the view's fit.
public struct ScaleBar: Sendable, Hashable {
    /// The distance the bar stands for, in metres.
    public let metres: Double
    /// The cells the bar takes.
    public let cells: Int

    /// The longest round distance whose bar takes from 2 to `maximumCells` cells of `view`, or nil when even
    /// the shortest does not fit (a view so small that a metre is wider than `maximumCells` cells does not
    /// happen: the shortest distance is 1 m).
    public init?(view: MapView, maximumCells: Int) {
        let latitude = view.centre.latitude * Double.pi / 180
        let metresPerCell =
            view.longitudeSpan / Double(view.columns) * MapView.metresPerDegree * max(cos(latitude), 1e-6)
        guard maximumCells >= 2, metresPerCell > 0 else { return nil }
        var exponent = log10(metresPerCell * Double(maximumCells)).rounded(.down)
        while exponent >= 0 {
            for mantissa in [5.0, 2, 1] {
                let metres = mantissa * pow(10, exponent)
                let cells = Int((metres / metresPerCell).rounded())
                if cells >= 2 && cells <= maximumCells {
                    self.metres = metres
                    self.cells = cells
                    return
                }
            }
            exponent -= 1
        }
        return nil
    }

    /// The distance as people write it: `500 km`, `200 m`.
    public var distanceText: String {
        metres >= 1000 ? "\(Int(metres / 1000)) km" : "\(Int(metres)) m"
    }

    /// The bar drawn in `cells` characters, `├───┤` (or `|---|` in ASCII), then the distance.
    public func text(ascii: Bool) -> String {
        let inner = String(repeating: ascii ? "-" : "─", count: cells - 2)
        return ascii ? "|\(inner)| \(distanceText)" : "├\(inner)┤ \(distanceText)"
    }
}
