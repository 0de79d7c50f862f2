import PlacesModel
import Testing

/// `bbox`: edges included, west > east crossing the antimeridian, bad boxes refused.
@Suite struct BoundingBoxTests {
    /// A box, a point, and whether the box holds it.
    @Test(arguments: [
        ((40.0, -10.0, 50.0, 10.0), (45.0, 0.0), true), ((40.0, -10.0, 50.0, 10.0), (50.0, 10.0), true),
        ((40.0, -10.0, 50.0, 10.0), (51.0, 0.0), false), ((40.0, -10.0, 50.0, 10.0), (45.0, 11.0), false),
        ((-50.0, 170.0, 0.0, -170.0), (-36.8, 174.7), true), ((-50.0, 170.0, 0.0, -170.0), (-13.8, -171.7), true),
        ((-50.0, 170.0, 0.0, -170.0), (-20.0, 0.0), false), ((-90.0, -180.0, 90.0, 180.0), (90.0, -180.0), true),
    ])
    func holdsPoints(
        box: (Double, Double, Double, Double), point: (Double, Double), holds: Bool
    ) throws {
        let box = try BoundingBox(south: box.0, west: box.1, north: box.2, east: box.3, field: "bbox")
        #expect(box.contains(Coordinate(latitude: point.0, longitude: point.1)) == holds)
    }

    /// A bad box and the field its error names.
    @Test(arguments: [
        ((10.0, 0.0, 0.0, 1.0), "bbox"), ((-91.0, 0.0, 0.0, 1.0), "bbox.south"), ((0.0, -181.0, 1.0, 1.0), "bbox.west"),
        ((0.0, 0.0, 91.0, 1.0), "bbox.north"), ((0.0, 0.0, 1.0, .nan), "bbox.east"),
    ])
    func refusesBadBoxes(box: (Double, Double, Double, Double), field: String) {
        #expect(throws: ValidationError.self) {
            _ = try BoundingBox(south: box.0, west: box.1, north: box.2, east: box.3, field: "bbox")
        }
        do {
            _ = try BoundingBox(south: box.0, west: box.1, north: box.2, east: box.3, field: "bbox")
        } catch {
            #expect(error.field == field)
        }
    }
}
