import PlacesModel

// Only libm's pure functions.
#if canImport(Glibc)
    import func Glibc.cos
#elseif canImport(Musl)
    import func Musl.cos
#elseif canImport(Darwin)
    import func Darwin.cos
#endif

extension MapView {
    /// The fraction of a box's span added on each side when fitting places.
    public static let defaultMargin = 0.1
    /// The smallest distance from a fitted view's centre to its nearer edge, in metres: a single place is
    /// shown with 10 km of land around it.
    public static let minimumRadius = 10_000.0
    /// The metres in a degree of latitude (and of longitude at the equator) on the mean Earth radius.
    public static let metresPerDegree = Coordinate.earthRadius * Double.pi / 180

    /// The whole world on a grid of at most `columns` × `rows` cells: all longitudes, and as many latitudes
    /// around the equator as the aspect allows (fewer rows when the grid is taller than the world).
    public static func world(columns: Int, rows: Int) -> MapView {
        fitting(longitudes: (-180, 360), latitudes: (-90, 90), columns: columns, rows: rows)
    }

    /// A view of `coordinates` with `margin` (a fraction of their span) on each side, on a grid of at most
    /// `columns` × `rows` cells; the whole world's longitudes when the places span most of them (more than 270°
    /// with the margin), and the world when there are none. Longitudes are taken the short way round: places
    /// on both sides of the antimeridian give a view across it.
    public static func fitting(
        _ coordinates: [Coordinate], columns: Int, rows: Int, margin: Double = defaultMargin
    ) -> MapView {
        guard !coordinates.isEmpty else { return world(columns: columns, rows: rows) }
        let latitudes = coordinates.map(\.latitude)
        let south = latitudes.min()!
        let north = latitudes.max()!
        let (west, span) = smallestLongitudeInterval(coordinates.map(\.longitude))
        let latitudeMargin = max((north - south) * margin, minimumRadius / metresPerDegree)
        let scale = longitudeScale(atLatitude: (south + north) / 2)
        let longitudeMargin = max(span * margin, minimumRadius / metresPerDegree / scale)
        let fullSpan = span + 2 * longitudeMargin
        let longitudes = fullSpan > 270 ? (-180.0, 360.0) : (west - longitudeMargin, fullSpan)
        return fitting(
            longitudes: longitudes, latitudes: (south - latitudeMargin, north + latitudeMargin), columns: columns,
            rows: rows)
    }

    /// A view that holds `bbox` whole, on a grid of at most `columns` × `rows` cells, grown on one axis to keep
    /// the map's aspect.
    public static func fitting(bbox: BoundingBox, columns: Int, rows: Int) -> MapView {
        var span = bbox.east - bbox.west
        if span < 0 { span += 360 }
        if bbox.west == -180 && bbox.east == 180 { span = 360 }
        return fitting(
            longitudes: (bbox.west, span), latitudes: (bbox.south, bbox.north), columns: columns, rows: rows)
    }

    /// A view centred on `centre` that shows at least `radius` metres on every side, on a grid of at most
    /// `columns` × `rows` cells.
    public static func around(_ centre: Coordinate, radius: Double, columns: Int, rows: Int) -> MapView {
        let latitudeRadius = radius / metresPerDegree
        let longitudeRadius = latitudeRadius / longitudeScale(atLatitude: centre.latitude)
        return fitting(
            longitudes: (centre.longitude - longitudeRadius, 2 * longitudeRadius),
            latitudes: (centre.latitude - latitudeRadius, centre.latitude + latitudeRadius), columns: columns,
            rows: rows)
    }

    /// How much shorter a degree of longitude is than one of latitude at `latitude`: the cosine, kept above
    /// that of 75° so that a view near a pole does not span the world.
    static func longitudeScale(atLatitude latitude: Double) -> Double {
        let clamped = min(75, max(-75, latitude))
        return cos(clamped * Double.pi / 180)
    }

    /// The view that holds the wanted longitudes (`west`, span) and latitudes (south, north), grown on one axis
    /// so that a degree of latitude is as long on screen as a degree of longitude divided by the scale at the
    /// centre. A cell is about twice as tall as wide, so `rows` cells are `2 × rows` column widths tall. When
    /// the grown span would pass the world's (360° of longitude, 180° of latitude) it stops there and the grid
    /// loses columns or rows instead.
    static func fitting(
        longitudes: (west: Double, span: Double), latitudes: (south: Double, north: Double), columns: Int, rows: Int
    ) -> MapView {
        let columns = max(1, columns)
        let rows = max(1, rows)
        let south = max(-90, latitudes.south)
        let north = min(90, max(latitudes.north, south + 1e-6))
        let wantedLongitudes = min(360, max(longitudes.span, 1e-6))
        let scale = longitudeScale(atLatitude: (south + north) / 2)
        // Degrees of latitude per column width: the larger of what each axis needs.
        let degreesPerUnit = max(
            wantedLongitudes * scale / Double(columns), (north - south) / (2 * Double(rows)))
        var longitudeSpan = degreesPerUnit * Double(columns) / scale
        var latitudeSpan = degreesPerUnit * 2 * Double(rows)
        var usedColumns = columns
        var usedRows = rows
        if longitudeSpan > 360 {
            usedColumns = max(1, min(columns, Int((360 * scale / degreesPerUnit).rounded())))
            longitudeSpan = 360
        }
        if latitudeSpan > 180 {
            usedRows = max(1, min(rows, Int((180 / (2 * degreesPerUnit)).rounded())))
            latitudeSpan = 180
        }
        let west =
            longitudeSpan >= 360 ? -180 : longitudes.west + wantedLongitudes / 2 - longitudeSpan / 2
        var bottom = (south + north) / 2 - latitudeSpan / 2
        bottom = min(max(bottom, -90), 90 - latitudeSpan)
        return MapView(
            west: west, longitudeSpan: longitudeSpan, south: bottom, north: bottom + latitudeSpan,
            columns: usedColumns, rows: usedRows)
    }

    /// The shortest arc of longitudes that holds all of `longitudes`: its western end and its span. It leaves
    /// out the widest gap between neighbouring longitudes round the circle.
    static func smallestLongitudeInterval(_ longitudes: [Double]) -> (west: Double, span: Double) {
        let sorted = longitudes.map { normalized(longitude: $0) }.sorted()
        guard let first = sorted.first, let last = sorted.last else { return (-180, 360) }
        // The gap that wraps round the antimeridian first: leaving it out gives first...last.
        var bestGap = first + 360 - last
        var west = first
        for index in sorted.indices.dropFirst() where sorted[index] - sorted[index - 1] > bestGap {
            bestGap = sorted[index] - sorted[index - 1]
            west = sorted[index]
        }
        return (west, 360 - bestGap)
    }
}
