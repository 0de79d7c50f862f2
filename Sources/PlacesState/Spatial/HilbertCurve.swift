import PlacesModel

/// Maps coordinates to their index along a Hilbert curve over the latitude–longitude rectangle, so that sorting
/// by the index keeps nearby places together (without the jumps of a Z-order curve).
package enum HilbertCurve {
    /// The bits per axis: cells of 360° / 2^24 ≈ 2.4 m along the equator.
    package static let order = 24

    /// The index of the cell holding `coordinate`.
    package static func index(of coordinate: Coordinate) -> UInt64 {
        let side = Double(1 << order)
        var x = cell((coordinate.longitude + 180) / 360 * side)
        var y = cell((coordinate.latitude + 90) / 180 * side)
        var index: UInt64 = 0
        var half: UInt64 = 1 << UInt64(order - 1)
        while half > 0 {
            let rx: UInt64 = x & half != 0 ? 1 : 0
            let ry: UInt64 = y & half != 0 ? 1 : 0
            index += half * half * ((3 * rx) ^ ry)
            // Rotate the quadrant so that the curve's sub-curves join up.
            if ry == 0 {
                if rx == 1 {
                    x = half &- 1 &- x
                    y = half &- 1 &- y
                }
                swap(&x, &y)
            }
            half >>= 1
        }
        return index
    }

    /// The cell number of `scaled`, clamped to the grid (the largest latitude and longitude fall in the last).
    private static func cell(_ scaled: Double) -> UInt64 {
        guard scaled.isFinite, scaled > 0 else { return 0 }
        return min(UInt64(scaled), (1 << UInt64(order)) - 1)
    }
}
