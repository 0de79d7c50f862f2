/// Cuts a line segment to a rectangle from (0, 0) to (`width`, `height`), edges included (Liang–Barsky).
enum LineClipper {
    /// The part of the segment from `start` to `end` inside the rectangle, or nil when none is.
    static func clip(
        _ start: (x: Double, y: Double), _ end: (x: Double, y: Double), width: Double, height: Double
    ) -> ((x: Double, y: Double), (x: Double, y: Double))? {
        let dx = end.x - start.x
        let dy = end.y - start.y
        var enter = 0.0
        var leave = 1.0
        // For each edge: the direction across it and the distance inside it.
        for (direction, distance) in [(-dx, start.x), (dx, width - start.x), (-dy, start.y), (dy, height - start.y)] {
            if direction == 0 {
                if distance < 0 { return nil }
                continue
            }
            let ratio = distance / direction
            if direction < 0 {
                enter = max(enter, ratio)
            } else {
                leave = min(leave, ratio)
            }
            if enter > leave { return nil }
        }
        return (
            (start.x + enter * dx, start.y + enter * dy), (start.x + leave * dx, start.y + leave * dy)
        )
    }
}
