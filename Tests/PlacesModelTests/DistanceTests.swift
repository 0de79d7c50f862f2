import PlacesModel
import Testing

@Suite("Distances")
struct DistanceTests {
    /// A pair of coordinates and the WGS 84 geodesic distance between them in metres (GeographicLib's
    /// `Geodesic.WGS84.Inverse`), and the haversine distance on the mean radius (computed independently).
    struct Known: Sendable, CustomTestStringConvertible {
        let name: String
        let from: Coordinate
        let to: Coordinate
        let geodesic: Double
        let haversine: Double

        var testDescription: String { name }
    }

    static let known: [Known] = [
        Known(
            name: "Paris to London", from: Coordinate(latitude: 48.8566, longitude: 2.3522),
            to: Coordinate(latitude: 51.5074, longitude: -0.1278), geodesic: 343_923.1, haversine: 343_556.5),
        Known(
            name: "JFK to Heathrow", from: Coordinate(latitude: 40.6413, longitude: -73.7781),
            to: Coordinate(latitude: 51.4700, longitude: -0.4543), geodesic: 5_554_908.8, haversine: 5_540_019.0),
        Known(
            name: "Sydney to Santiago", from: Coordinate(latitude: -33.8688, longitude: 151.2093),
            to: Coordinate(latitude: -33.4489, longitude: -70.6693), geodesic: 11_368_984.5, haversine: 11_346_730.8),
        Known(
            name: "Quito to Singapore", from: Coordinate(latitude: -0.1807, longitude: -78.4678),
            to: Coordinate(latitude: 1.3521, longitude: 103.8198), geodesic: 19_743_445.7, haversine: 19_729_358.8),
        Known(
            name: "Anchorage to Tromsø", from: Coordinate(latitude: 61.2181, longitude: -149.9003),
            to: Coordinate(latitude: 69.6492, longitude: 18.9553), geodesic: 5_457_538.1, haversine: 5_436_665.8),
        Known(
            name: "Across the antimeridian", from: Coordinate(latitude: 0, longitude: 179.9),
            to: Coordinate(latitude: 0, longitude: -179.9), geodesic: 22_263.9, haversine: 22_239.0),
        Known(
            name: "Fiji to Samoa", from: Coordinate(latitude: -18.1248, longitude: 178.4501),
            to: Coordinate(latitude: -13.7590, longitude: -172.1046), geodesic: 1_120_385.2, haversine: 1_120_148.1),
        Known(
            name: "Over the North Pole", from: Coordinate(latitude: 89.9, longitude: 0),
            to: Coordinate(latitude: 89.9, longitude: 180), geodesic: 22_338.8, haversine: 22_239.0),
    ]

    @Test(arguments: known)
    func distanceIsWithinHalfAPercentOfTheGeodesic(_ known: Known) {
        let distance = known.from.distance(to: known.to)
        #expect(abs(distance - known.geodesic) / known.geodesic < 0.005)
        #expect(abs(distance - known.haversine) < 0.2)
    }

    @Test(arguments: known)
    func distanceIsSymmetric(_ known: Known) {
        #expect(known.from.distance(to: known.to) == known.to.distance(to: known.from))
    }

    @Test func distanceToItselfIsZero() {
        for coordinate in [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 48.8584, longitude: 2.2945),
            Coordinate(latitude: -90, longitude: 180), Coordinate(latitude: 89.999, longitude: -179.999),
        ] {
            #expect(coordinate.distance(to: coordinate) == 0)
        }
    }

    @Test func antipodesAreHalfACircumferenceApart() {
        let halfCircumference = Double.pi * Coordinate.earthRadius
        let pairs = [
            (Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 180)),
            (Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -90, longitude: 0)),
            (Coordinate(latitude: 48.8584, longitude: 2.2945), Coordinate(latitude: -48.8584, longitude: -177.7055)),
        ]
        for (from, to) in pairs {
            #expect(abs(from.distance(to: to) - halfCircumference) < 1)
        }
    }

    @Test func theAntimeridianIsNoBarrier() {
        let east = Coordinate(latitude: 0, longitude: 179.9)
        let west = Coordinate(latitude: 0, longitude: -179.9)
        let expected = Coordinate(latitude: 0, longitude: -0.1).distance(to: Coordinate(latitude: 0, longitude: 0.1))
        #expect(abs(east.distance(to: west) - expected) < 1e-6)
        #expect(abs(east.distance(to: west) - 22_239.0) < 0.1)
        // 180 and -180 are the same meridian.
        #expect(Coordinate(latitude: 12, longitude: 180).distance(to: Coordinate(latitude: 12, longitude: -180)) < 1e-6)
    }

    @Test func allLongitudesMeetAtThePoles() {
        let pole = Coordinate(latitude: 90, longitude: 0)
        #expect(pole.distance(to: Coordinate(latitude: 90, longitude: 123)) < 1e-6)
        #expect(pole.distance(to: Coordinate(latitude: -90, longitude: -45)) > 20_015_000)
        let near = Coordinate(latitude: 89, longitude: -170)
        let oneDegree = Double.pi / 180 * Coordinate.earthRadius
        #expect(abs(pole.distance(to: near) - oneDegree) < 1e-3)
    }

    @Test func shortDistancesAreAccurate() {
        // One millidegree of latitude is about 111.2 m anywhere.
        let from = Coordinate(latitude: 45, longitude: 7)
        let to = Coordinate(latitude: 45.001, longitude: 7)
        #expect(abs(from.distance(to: to) - 0.001 * Double.pi / 180 * Coordinate.earthRadius) < 1e-6)
    }
}

@Suite("Distances from a prepared origin")
struct DistanceOriginTests {
    @Test func aPreparedOriginMeasuresExactlyAsTheCoordinateDoes() {
        var generator = SystemRandomNumberGenerator()
        let special = [-90.0, -89.999_999, 0, 45, 89.999_999, 90]
        for round in 0..<20_000 {
            let from = Coordinate(
                latitude: round < special.count ? special[round] : Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
            let to = Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
            let origin = DistanceOrigin(from)
            #expect(origin.distance(to: to) == from.distance(to: to), "\(from) to \(to)")
            #expect(origin.distance(to: from) == 0)
        }
    }
}
