import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// The bounds a nearest-place search prunes with never exceed the distance to a place in the box.
@Suite struct GeoBoxTests {
    private func box(_ corners: [Coordinate]) -> GeoBox {
        var box = GeoBox(SpatialEntry(unkeyed: corners[0], position: 0))
        for corner in corners.dropFirst() { box.formUnion(SpatialEntry(unkeyed: corner, position: 0)) }
        return box
    }

    @Test func bothBoundsStayBelowTheDistanceToEveryPlaceInTheBox() {
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<4_000 {
            // Boxes from a few metres to a quarter of the globe, anywhere, and points near and far.
            let span = [0.0001, 0.01, 1, 20, 90][round % 5]
            let south = Double.random(in: -90...(90 - span), using: &generator)
            let west = Double.random(in: -180...(180 - span), using: &generator)
            let places = (0..<8).map { _ in
                Coordinate(
                    latitude: Double.random(in: south...(south + span), using: &generator),
                    longitude: Double.random(in: west...(west + span), using: &generator))
            }
            let bounds = box(places)
            let point =
                round % 3 == 0
                ? Coordinate(
                    latitude: min(90, max(-90, south + Double.random(in: -3 * span...4 * span, using: &generator))),
                    longitude: min(180, max(-180, west + Double.random(in: -3 * span...4 * span, using: &generator))))
                : Coordinate(
                    latitude: Double.random(in: -90...90, using: &generator),
                    longitude: Double.random(in: -180...180, using: &generator))
            let origin = DistanceOrigin(point)
            let exact = bounds.minimumDistance(from: origin)
            let quick = bounds.quickLowerBound(from: origin) - GeoBox.roundingMargin
            let nearest = places.map { point.distance(to: $0) }.min()!
            #expect(exact <= nearest, "box bound above a place: \(point), \(places)")
            #expect(quick <= nearest, "quick bound above a place: \(point), \(places)")
        }
    }

    @Test func theQuickBoundRulesOutWhatIsFarInLatitudeOrLongitude() {
        let paris = DistanceOrigin(Coordinate(latitude: 48.8566, longitude: 2.3522))
        let north = box([Coordinate(latitude: 60, longitude: 0), Coordinate(latitude: 61, longitude: 5)])
        #expect(north.quickLowerBound(from: paris) > 1_200_000)
        let east = box([Coordinate(latitude: 48, longitude: 20), Coordinate(latitude: 49, longitude: 21)])
        #expect(east.quickLowerBound(from: paris) > 1_200_000)
        let around = box([Coordinate(latitude: 48, longitude: 2), Coordinate(latitude: 49, longitude: 3)])
        #expect(around.quickLowerBound(from: paris) == 0)
    }
}
