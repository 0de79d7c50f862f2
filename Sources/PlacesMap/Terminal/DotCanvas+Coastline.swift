extension DotCanvas {
    /// Draws the coasts of `coastline` that meet `view`, leaving out the data's cut edges.
    mutating func draw(_ coastline: Coastline, view: MapView) {
        let projection = MapProjection(view: view, width: Double(width), height: Double(height))
        projection.forEachRing(of: coastline) { points, ring in
            for index in ring.indices
            where !Coastline.isCut(from: ring[index], to: ring[(index + 1) % ring.count]) {
                let start = points[index]
                let end = points[index + 1]
                drawLine(
                    from: projection.point(offset: start.offset, latitude: start.latitude),
                    to: projection.point(offset: end.offset, latitude: end.latitude))
            }
        }
    }
}
