extension Double {
    /// The number with at most one decimal, as SVG's coordinates take it (`12.5`, `-3`, `0`).
    var svg: String {
        guard isFinite else { return "0" }
        let tenths = Int((self * 10).rounded())
        let whole = String(abs(tenths) / 10)
        let sign = tenths < 0 ? "-" : ""
        return tenths % 10 == 0 ? sign + whole : sign + whole + "." + String(abs(tenths) % 10)
    }
}
