/// Durations as placesd's log lines write them.
enum LogDuration {
    /// `nanoseconds` in seconds with `decimals` digits after the point (truncated): "12.3 s", "0.342 s".
    static func seconds(_ nanoseconds: UInt64, decimals: Int) -> String {
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let units = nanoseconds / (1_000_000_000 / scale)
        guard decimals > 0 else { return "\(units) s" }
        let fraction = String(units % scale)
        return "\(units / scale).\(String(repeating: "0", count: decimals - fraction.count))\(fraction) s"
    }
}
