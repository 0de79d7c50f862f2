import PlacesMap
import PlacesModel
import Testing

/// The projection and the fitting of views: cells on the `places.density` grid, aspect kept, the world whole.
@Suite struct MapViewTests {
    /// Paris (48.8566, 2.3522) on a 36 × 18 grid of 10° × 10° cells is in column 18 (0…10° E) and row 4
    /// (40…50° N).
    @Test func parisLandsInItsCell() {
        let view = MapView(west: -180, longitudeSpan: 360, south: -90, north: 90, columns: 36, rows: 18)
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        #expect(view.cell(of: paris) == MapCellPosition(column: 18, row: 4))
    }
}
