/// Distances as placesctl reads and writes them.
enum DistanceText {
    /// Metres in a statute mile.
    static let metresPerMile = 1_609.344

    /// `500`, `500m`, `5km`, `2.5km`, `20mi` (units in any case) as metres; nil for anything else or a negative
    /// distance.
    static func metres(_ text: String) -> Double? {
        let lower = text.lowercased()
        var number = Substring(lower)
        var scale = 1.0
        if lower.hasSuffix("km") {
            number = lower.dropLast(2)
            scale = 1000
        } else if lower.hasSuffix("mi") {
            number = lower.dropLast(2)
            scale = metresPerMile
        } else if lower.hasSuffix("m") {
            number = lower.dropLast(1)
        }
        guard let value = NumberSyntax.finiteDouble(String(number)), value >= 0 else { return nil }
        let metres = value * scale
        return metres.isFinite ? metres : nil
    }

    /// Under 1 km, whole metres (`350 m`); otherwise kilometres with one decimal and no digit grouping
    /// (`343.5 km`, `12345.6 km`).
    static func text(metres: Double) -> String {
        guard metres.isFinite, metres >= 0 else { return "?" }
        let wholeMetres = metres.rounded()
        if wholeMetres < 1000 {
            return "\(Int(wholeMetres)) m"
        }
        let tenths = (metres / 100).rounded()
        guard tenths < 9e17 else { return "\(NumberSyntax.display(metres / 1000)) km" }
        let count = Int64(tenths)
        return "\(count / 10).\(count % 10) km"
    }
}
