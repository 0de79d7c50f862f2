import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct NearestTests {
    let directory = TemporaryDirectory()

    /// What `nearest` must return: every place of the list measured, sorted by distance then list order.
    private func bruteForce(
        _ places: PlaceList, to point: Coordinate, radius: Double?, limit: Int
    ) -> [(place: Place, distance: Double)] {
        let measured = places.enumerated().map {
            (index: $0.offset, place: $0.element, distance: point.distance(to: $0.element.coordinate))
        }
        return measured.filter { radius == nil || $0.distance <= radius! }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            .prefix(max(limit, 0)).map { ($0.place, $0.distance) }
    }

    private func expectSame(
        _ found: [(place: Place, distance: Double)], _ expected: [(place: Place, distance: Double)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(found.map(\.place.id) == expected.map(\.place.id), sourceLocation: sourceLocation)
        #expect(found.map(\.distance) == expected.map(\.distance), sourceLocation: sourceLocation)
        #expect(found.map(\.place) == expected.map(\.place), sourceLocation: sourceLocation)
    }

    /// A random coordinate; a third of them crowd the poles and the antimeridian.
    private func randomCoordinate(using generator: inout SeededGenerator) -> Coordinate {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            return Coordinate(
                latitude: Double.random(in: 85...90, using: &generator) * (Bool.random(using: &generator) ? 1 : -1),
                longitude: Double.random(in: -180...180, using: &generator))
        case 1:
            return Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: 178...180, using: &generator) * (Bool.random(using: &generator) ? 1 : -1))
        default:
            return Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
        }
    }

    private func queries(using generator: inout SeededGenerator) -> [Coordinate] {
        var points = (0..<60).map { _ in randomCoordinate(using: &generator) }
        points += [
            Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -90, longitude: 77),
            Coordinate(latitude: 0, longitude: 180), Coordinate(latitude: 0, longitude: -180),
            Coordinate(latitude: 89.99, longitude: -179.99), Coordinate(latitude: -45, longitude: 179.999),
        ]
        return points
    }

    @Test(arguments: [0, 1, 31, 33, 600, 5_000])
    func nearestMatchesABruteForceScan(count: Int) throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        var generator = SeededGenerator(seed: UInt64(count) + 1)
        let imports = (0..<count).map { number in
            let coordinate = randomCoordinate(using: &generator)
            return PlaceImport(
                id: nil, draft: draft("p\(number)", latitude: coordinate.latitude, longitude: coordinate.longitude))
        }
        _ = try store.perform(.importPlaces(imports), owner: 1)
        _ = try store.perform(.add(draft("someone else's", latitude: 0, longitude: 0)), owner: 2)
        let snapshot = store.snapshot()
        let places = snapshot.places(of: 1)
        for point in queries(using: &generator) {
            for (radius, limit) in [(nil, 10), (nil, 1), (nil, count + 5), (500_000.0, 20), (20.0, 3), (0, 5)]
                as [(Double?, Int)]
            {
                expectSame(
                    snapshot.nearest(to: point, owner: 1, radius: radius, limit: limit),
                    bruteForce(places, to: point, radius: radius, limit: limit))
            }
        }
        #expect(snapshot.nearest(to: Coordinate(latitude: 0, longitude: 0), owner: 1, radius: nil, limit: 0).isEmpty)
        #expect(snapshot.nearest(to: Coordinate(latitude: 0, longitude: 0), owner: 3, radius: nil, limit: 10).isEmpty)
    }

    /// Adds `count` places of owner 1 at random coordinates, one commit each; returns their ids in order.
    private func addRandomPlaces(
        _ count: Int, to store: PlaceStore, using generator: inout SeededGenerator
    ) throws -> [PlaceID] {
        try (0..<count).map { number in
            let coordinate = randomCoordinate(using: &generator)
            return try store.perform(
                .add(draft("p\(number)", latitude: coordinate.latitude, longitude: coordinate.longitude)), owner: 1
            ).place.id
        }
    }

    @Test func nearestFollowsUpdatesRemovalsMovesAndReopening() throws {
        let path = directory.file("places.sqlite")
        var generator = SeededGenerator(seed: 99)
        do {
            let store = try openStore(path)
            defer { store.close() }
            var ids = try addRandomPlaces(1_500, to: store, using: &generator)
            for round in 0..<1_500 {
                let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
                switch round % 4 {
                case 0:
                    let coordinate = randomCoordinate(using: &generator)
                    let patch = try PlacePatch(latitude: coordinate.latitude, longitude: coordinate.longitude)
                    _ = try store.perform(.update(id, patch, ifVersion: nil), owner: 1)
                case 1:
                    _ = try store.perform(.move(id, toIndex: round % 7 == 0 ? 3 : round, ifVersion: nil), owner: 1)
                case 2:
                    _ = try store.perform(.update(id, rename("renamed \(round)"), ifVersion: nil), owner: 1)
                default:
                    _ = try store.perform(.remove(id, ifVersion: nil), owner: 1)
                    ids.removeAll { $0 == id }
                }
            }
            let snapshot = store.snapshot()
            expectSpatialEntriesHoldTheirPlaces(try #require(snapshot.state.lists[1]))
            for point in queries(using: &generator) {
                expectSame(
                    snapshot.nearest(to: point, owner: 1, radius: nil, limit: 12),
                    bruteForce(snapshot.places(of: 1), to: point, radius: nil, limit: 12))
            }
        }
        let reopened = try openStore(path)
        defer { reopened.close() }
        let snapshot = reopened.snapshot()
        expectSpatialEntriesHoldTheirPlaces(try #require(snapshot.state.lists[1]))
        for point in queries(using: &generator) {
            expectSame(
                snapshot.nearest(to: point, owner: 1, radius: 1_000_000, limit: 25),
                bruteForce(snapshot.places(of: 1), to: point, radius: 1_000_000, limit: 25))
        }
    }

    @Test func anOlderSnapshotAnswersWithItsOwnPlaces() throws {
        let store = try openStore(directory.file("older.sqlite"))
        defer { store.close() }
        var generator = SeededGenerator(seed: 7)
        let ids = try addRandomPlaces(300, to: store, using: &generator)
        let before = store.snapshot()
        let points = queries(using: &generator)
        let expected = points.map { bruteForce(before.places(of: 1), to: $0, radius: nil, limit: 20) }
        // Every place gets a new version or goes, so nothing the old snapshot's index holds is current any more.
        for (number, id) in ids.enumerated() {
            if number.isMultiple(of: 2) {
                _ = try store.perform(.update(id, rename("renamed \(number)"), ifVersion: nil), owner: 1)
            } else {
                _ = try store.perform(.remove(id, ifVersion: nil), owner: 1)
            }
        }
        for (point, expected) in zip(points, expected) {
            expectSame(before.nearest(to: point, owner: 1, radius: nil, limit: 20), expected)
        }
        let after = store.snapshot()
        expectSpatialEntriesHoldTheirPlaces(try #require(after.state.lists[1]))
        for point in points {
            expectSame(
                after.nearest(to: point, owner: 1, radius: nil, limit: 20),
                bruteForce(after.places(of: 1), to: point, radius: nil, limit: 20))
        }
    }

    @Test func equalDistancesGoInListOrder() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        // Many places at one spot (more than fill a leaf), and a few at another.
        let imports = (0..<200).map { number in
            PlaceImport(
                id: nil,
                draft: number % 50 == 7
                    ? draft("far \(number)", latitude: 10, longitude: 10)
                    : draft("here \(number)", latitude: 1, longitude: 1))
        }
        guard case .imported(let places, _) = try store.perform(.importPlaces(imports), owner: 1) else {
            Issue.record("not an import outcome")
            return
        }
        _ = try store.perform(.move(places[150].id, toIndex: 0, ifVersion: nil), owner: 1)
        _ = try store.perform(.move(places[0].id, toIndex: 199, ifVersion: nil), owner: 1)
        let snapshot = store.snapshot()
        let point = Coordinate(latitude: 1, longitude: 1)
        let found = snapshot.nearest(to: point, owner: 1, radius: nil, limit: 5)
        #expect(found.map(\.place.name) == ["here 150", "here 1", "here 2", "here 3", "here 4"])
        #expect(found.allSatisfy { $0.distance == 0 })
        let farthest = snapshot.nearest(to: Coordinate(latitude: 10, longitude: 10), owner: 1, radius: 0, limit: 10)
        #expect(farthest.map(\.place.name) == ["far 7", "far 57", "far 107", "far 157"])
        expectSame(
            snapshot.nearest(to: point, owner: 1, radius: nil, limit: 300),
            bruteForce(snapshot.places(of: 1), to: point, radius: nil, limit: 300))
    }
}
