import PlacesMap
import PlacesModel
import Testing

// Only libm's pure functions.
#if canImport(Glibc)
    import func Glibc.cos
#endif

/// The projection and the fitting of views: cells on the `places.density` grid, aspect kept, the world whole.
@Suite struct MapViewTests {
    /// Paris (48.8566, 2.3522) on a 36 × 18 grid of 10° × 10° cells is in column 18 (0…10° E) and row 4
    /// (40…50° N).
    @Test func parisLandsInItsCell() {
        let view = MapView(west: -180, longitudeSpan: 360, south: -90, north: 90, columns: 36, rows: 18)
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        #expect(view.cell(of: paris) == MapCellPosition(column: 18, row: 4))
        #expect(view.cell(of: Coordinate(latitude: -90, longitude: 180)) == MapCellPosition(column: 35, row: 17))
        #expect(view.cell(of: Coordinate(latitude: 90, longitude: -180)) == MapCellPosition(column: 0, row: 0))
    }

    /// Edges out of range are brought into it, so that a view's box is always one `places.density` takes.
    @Test func edgesAreClamped() throws {
        let top = MapView(west: 190, longitudeSpan: 400, south: 90, north: 95, columns: 0, rows: -3)
        #expect(top.west == -180 && top.longitudeSpan == 360 && top.columns == 1 && top.rows == 1)
        #expect(top.bbox.north == 90 && top.bbox.south < 90)
        let flat = MapView(west: 0, longitudeSpan: 0, south: -100, north: -100, columns: 10, rows: 10)
        #expect(flat.south == -90 && flat.north > -90 && flat.longitudeSpan > 0)
    }

    /// A view across the antimeridian counts longitudes east from its western edge.
    @Test func cellsAcrossTheAntimeridian() {
        let view = MapView(west: 170, longitudeSpan: 20, south: -20, north: 0, columns: 20, rows: 10)
        #expect(view.east == -170)
        #expect(view.bbox.wraps)
        #expect(view.cell(of: Coordinate(latitude: -0.5, longitude: 170.5)) == MapCellPosition(column: 0, row: 0))
        #expect(view.cell(of: Coordinate(latitude: -19.5, longitude: -170.5)) == MapCellPosition(column: 19, row: 9))
        #expect(view.cell(of: Coordinate(latitude: -10, longitude: 0)) == nil)
        #expect(view.cell(of: Coordinate(latitude: 1, longitude: 175)) == nil)
    }

    /// The world on 120 × 40 cells takes 360° in 120 columns, so 3° a column and 6° a row: 30 rows of the 40.
    @Test func worldKeepsItsAspect() throws {
        let view = MapView.world(columns: 120, rows: 40)
        #expect(view.columns == 120 && view.rows == 30)
        #expect(view.longitudeSpan == 360 && view.south == -90 && view.north == 90)
        #expect(view.bbox == (try BoundingBox(south: -90, west: -180, north: 90, east: 180, field: "bbox")))
    }

    /// A fitted view holds its places with a margin, uses the whole grid, and a degree of latitude takes the
    /// screen length of a degree of longitude at its centre divided by the cosine there (a cell twice as tall
    /// as wide).
    @Test func fittingPlacesKeepsTheAspect() throws {
        let places = [
            Coordinate(latitude: 48.8566, longitude: 2.3522), Coordinate(latitude: 38.72, longitude: -9.14),
            Coordinate(latitude: 64.15, longitude: -21.94), Coordinate(latitude: 37.98, longitude: 23.73),
        ]
        let view = MapView.fitting(places, columns: 100, rows: 30)
        #expect(view.columns == 100 && view.rows == 30)
        for place in places { #expect(view.cell(of: place) != nil) }
        #expect(view.south < 37.98 - 0.1 * (64.15 - 37.98) + 1e-9)
        #expect(view.north > 64.15 + 0.1 * (64.15 - 37.98) - 1e-9)
        let scale = cos((view.south + view.north) / 2 * Double.pi / 180)
        let columnDegrees = view.longitudeSpan * scale / Double(view.columns)
        let rowDegrees = view.latitudeSpan / Double(view.rows)
        #expect(abs(rowDegrees / columnDegrees - 2) < 1e-6)
    }

    /// A single place gets 10 km around it; places on both sides of the antimeridian a view across it; places
    /// round the world the whole world's longitudes.
    @Test func fittingSpecialCases() {
        let oslo = Coordinate(latitude: 59.91, longitude: 10.75)
        let single = MapView.fitting([oslo], columns: 40, rows: 20)
        #expect(single.latitudeSpan >= 2 * 10_000 / MapView.metresPerDegree - 1e-9)
        #expect(single.latitudeSpan < 1)
        let cell = single.cell(of: oslo)
        #expect((19...20).contains(cell?.column ?? -1) && (9...10).contains(cell?.row ?? -1))

        let fiji = Coordinate(latitude: -17.7, longitude: 178.0)
        let samoa = Coordinate(latitude: -13.8, longitude: -171.8)
        let pacific = MapView.fitting([fiji, samoa], columns: 60, rows: 20)
        #expect(pacific.bbox.wraps)
        #expect(pacific.longitudeSpan < 60)
        #expect(pacific.cell(of: fiji) != nil && pacific.cell(of: samoa) != nil)

        let round = [
            Coordinate(latitude: 0, longitude: -150), Coordinate(latitude: 10, longitude: -30),
            Coordinate(latitude: 20, longitude: 90),
        ]
        let world = MapView.fitting(round, columns: 120, rows: 40)
        #expect(world.longitudeSpan == 360)
    }

    /// A view around a centre shows at least the radius on every side and is centred.
    @Test func aroundARadius() {
        let kyoto = Coordinate(latitude: 35.0116, longitude: 135.7681)
        let view = MapView.around(kyoto, radius: 500_000, columns: 80, rows: 24)
        let centre = view.centre
        #expect(abs(centre.latitude - kyoto.latitude) < 1e-9)
        #expect(abs(centre.longitude - kyoto.longitude) < 1e-9)
        #expect(view.latitudeSpan >= 2 * 500_000 / MapView.metresPerDegree - 1e-9)
        let scale = cos(kyoto.latitude * Double.pi / 180)
        #expect(view.longitudeSpan * scale >= 2 * 500_000 / MapView.metresPerDegree - 1e-9)
    }

    /// A box is held whole, grown on the axis the aspect needs.
    @Test func fittingABox() throws {
        let box = try BoundingBox(south: 36, west: 6, north: 47, east: 19, field: "bbox")
        let view = MapView.fitting(bbox: box, columns: 80, rows: 24)
        #expect(view.south <= 36 && view.north >= 47)
        #expect(view.west <= 6 && view.west + view.longitudeSpan >= 19)
    }
}
