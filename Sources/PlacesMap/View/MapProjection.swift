import PlacesModel

/// A view's plate carrée projection onto a surface `width` × `height` in any unit (dots of a terminal canvas,
/// pixels of a picture), with the longitudes of coastline rings unwrapped so that a view across the
/// antimeridian draws them whole.
struct MapProjection {
    /// A point on the surface, from the top left.
    typealias Point = (x: Double, y: Double)

    /// The view.
    let view: MapView
    /// The surface's width.
    let width: Double
    /// The surface's height.
    let height: Double

    /// Where a coordinate is, or nil when it is outside the view.
    func point(_ coordinate: Coordinate) -> Point? {
        guard let x = view.x(ofLongitude: coordinate.longitude) else { return nil }
        return (x * width, (view.north - coordinate.latitude) / view.latitudeSpan * height)
    }

    /// Where a point given as degrees east of the view's western edge (beyond 360 or below 0 allowed) and a
    /// latitude is.
    func point(offset: Double, latitude: Double) -> Point {
        (offset / view.longitudeSpan * width, (view.north - latitude) / view.latitudeSpan * height)
    }

    /// The ring's points as (degrees east of the view's western edge, latitude), each longitude taken from the
    /// one before so that none jumps, and the first point again at the end to close it, where the ring ends
    /// (a ring round a pole ends 360° from where it began).
    func unwrapped(_ ring: [Coordinate]) -> [(offset: Double, latitude: Double)] {
        guard let first = ring.first else { return [] }
        var offset = first.longitude - view.west
        offset -= 360 * (offset / 360).rounded(.down)
        var points = [(offset: offset, latitude: first.latitude)]
        points.reserveCapacity(ring.count + 1)
        for (previous, next) in zip(ring, ring.dropFirst() + [first]) {
            offset += next.longitude - previous.longitude
            points.append((offset, next.latitude))
        }
        return points
    }

    /// The multiples of 360° to add to unwrapped offsets from `lowest` to `highest` so that they meet the view:
    /// a ring may show on both sides of a view that crosses the antimeridian.
    func shifts(lowest: Double, highest: Double) -> [Double] {
        [-360.0, 0, 360, 720].filter { highest + $0 >= 0 && lowest + $0 <= view.longitudeSpan }
    }

    /// Calls `body` with each unwrapped ring of `coastline` that may meet the view, already shifted, and
    /// with the original ring.
    func forEachRing(
        of coastline: Coastline, _ body: ([(offset: Double, latitude: Double)], [Coordinate]) -> Void
    ) {
        for ring in coastline.rings {
            let points = unwrapped(ring)
            var lowest = Double.infinity
            var highest = -Double.infinity
            var south = Double.infinity
            var north = -Double.infinity
            for point in points {
                lowest = min(lowest, point.offset)
                highest = max(highest, point.offset)
                south = min(south, point.latitude)
                north = max(north, point.latitude)
            }
            guard north >= view.south, south <= view.north else { continue }
            for shift in shifts(lowest: lowest, highest: highest) {
                body(points.map { ($0.offset + shift, $0.latitude) }, ring)
            }
        }
    }
}
