import Testing

/// `places.near {latitude, longitude, radius?, limit?}`: the caller's places nearest first, distances in metres.
@Suite("places.near")
struct NearTests {
    /// A distance the daemon must match within 0.5 %: from a point to a place, with the WGS 84 geodesic
    /// distance (computed with GeographicLib's `Geodesic.WGS84.Inverse`).
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let from: (latitude: Double, longitude: Double)
        let to: (latitude: Double, longitude: Double)
        let metres: Double
        var testDescription: String { name }
    }

    static let geodesics: [Case] = [
        Case(name: "Paris to London", from: (48.8566, 2.3522), to: (51.5074, -0.1278), metres: 343_923.12),
        Case(name: "Paris to Berlin", from: (48.8566, 2.3522), to: (52.52, 13.405), metres: 879_699.32),
        Case(name: "Paris to New York", from: (48.8566, 2.3522), to: (40.7128, -74.006), metres: 5_852_935.29),
        Case(name: "Paris to Notre-Dame", from: (48.8566, 2.3522), to: (48.853, 2.3499), metres: 434.47),
        Case(
            name: "Sydney to Santiago, across the antimeridian", from: (-33.8688, 151.2093),
            to: (-33.4489, -70.6693), metres: 11_368_984.48),
        Case(name: "across the antimeridian at the equator", from: (0, -179.9), to: (0, 179.9), metres: 22_263.90),
        Case(name: "a quarter of the equator", from: (0, 0), to: (0, 90), metres: 10_018_754.17),
        Case(name: "antipodes on the equator", from: (0, 0), to: (0, 180), metres: 20_003_931.46),
        Case(name: "from the north pole", from: (90, 0), to: (89.9, 45), metres: 11_169.40),
        Case(name: "over the north pole", from: (89.9, 0), to: (89.9, 180), metres: 22_338.80),
        Case(name: "over the south pole", from: (-89.95, 10), to: (-89.95, -170), metres: 11_169.40),
        Case(name: "the same point", from: (12.5, -45.25), to: (12.5, -45.25), metres: 0),
    ]

    /// Adds a place at each coordinate, named by its position in `coordinates`.
    private func addPlaces(_ client: RawConnection, _ coordinates: [(String, Double, Double)]) throws {
        for (name, latitude, longitude) in coordinates {
            try client.add(["name": .string(name), "latitude": .number(latitude), "longitude": .number(longitude)])
        }
    }

    /// A near request from a point.
    private func near(
        _ client: RawConnection, _ latitude: Double, _ longitude: Double, _ extra: [String: JSON] = [:]
    ) throws -> [JSON] {
        var params: [String: JSON] = ["latitude": .number(latitude), "longitude": .number(longitude)]
        params.merge(extra) { _, new in new }
        let result = try client.result("places.near", .object(params))
        #expect(Set(result.object?.keys.map { $0 } ?? []) == ["places"], "\(result)")
        let found = result["places"]?.array ?? []
        for entry in found {
            #expect(Set(entry.object?.keys.map { $0 } ?? []) == ["place", "distance"], "\(entry)")
            #expect(Set(entry["place"]?.object?.keys.map { $0 } ?? []) == placeKeys, "\(entry)")
        }
        let distances = found.map { $0["distance"]?.double ?? -1 }
        #expect(distances == distances.sorted() && distances.allSatisfy { $0 >= 0 }, "nearest first: \(distances)")
        return found
    }

    /// The distance is the geodesic one within 0.5 %.
    @Test(arguments: geodesics)
    func distanceMatchesTheGeodesic(_ entry: Case) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let place = try client.add(["latitude": .number(entry.to.latitude), "longitude": .number(entry.to.longitude)])
        let found = try near(client, entry.from.latitude, entry.from.longitude)
        try #require(found.count == 1, "\(found)")
        #expect(found[0]["place"] == place)
        let distance = try #require(found[0]["distance"]?.double)
        #expect(abs(distance - entry.metres) <= entry.metres * 0.005, "\(distance) m, expected ≈ \(entry.metres) m")
    }

    /// Nearest first where longitudes wrap (the antimeridian) and meridians meet (the poles).
    @Test func nearestFirstAcrossTheAntimeridianAndThePoles() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try addPlaces(
            client,
            [
                ("West of the line", 0, -179.5), ("Farther west", 0, 170), ("East of the line", 0, 179.9),
                ("Down the meridian", 89.0, 0), ("Across the pole", 89.9, 180), ("A quarter round", 89.9, 90),
                ("South pole", -90, 0),
            ])

        let antimeridian = try near(client, 0, -179.9, ["limit": 3])
        #expect(
            antimeridian.map { $0["place"]?["name"]?.string ?? "?" } == [
                "East of the line", "West of the line", "Farther west",
            ])
        let across = try #require(antimeridian.first?["distance"]?.double)
        #expect(abs(across - 22_263.90) <= 22_263.90 * 0.005, "\(across)")

        let polar = try near(client, 89.9, 0, ["limit": 3])
        #expect(
            polar.map { $0["place"]?["name"]?.string ?? "?" } == [
                "A quarter round", "Across the pole", "Down the meridian",
            ])
        let expected = [15_795.91, 22_338.80, 100_524.47]
        for (entry, metres) in zip(polar, expected) {
            let distance = entry["distance"]?.double ?? -1
            #expect(abs(distance - metres) <= metres * 0.005, "\(entry["place"]?["name"] ?? nil): \(distance) m")
        }

        let fromTheSouthPole = try near(client, -90, 123.4, ["limit": 1])
        #expect(fromTheSouthPole.first?["place"]?["name"] == "South pole")
        #expect(fromTheSouthPole.first?["distance"]?.double ?? -1 < 0.01, "every longitude is the pole at -90")
    }

    /// `radius` keeps places within that many metres; `limit` defaults to 10.
    @Test func radiusAndLimit() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        // p1 … p12 along the equator, 0.01° (≈ 1,113 m) apart, added in a shuffled order.
        for index in [7, 3, 12, 1, 9, 5, 11, 2, 8, 4, 10, 6] {
            try client.add(["name": .string("p\(index)"), "latitude": 0, "longitude": .number(Double(index) / 100)])
        }
        func found(_ extra: [String: JSON]) throws -> [String] {
            try near(client, 0, 0, extra).map { $0["place"]?["name"]?.string ?? "?" }
        }
        #expect(try found([:]) == (1...10).map { "p\($0)" }, "10 by default, nearest first")
        #expect(try found(["limit": 50]) == (1...12).map { "p\($0)" })
        #expect(try found(["limit": 3]) == ["p1", "p2", "p3"])
        #expect(try found(["limit": 0]) == [])
        #expect(try found(["radius": 5000]) == ["p1", "p2", "p3", "p4"], "p4 ≈ 4,453 m, p5 ≈ 5,566 m")
        #expect(try found(["radius": 5000, "limit": 2]) == ["p1", "p2"])
        #expect(try found(["radius": 5000.5, "limit": 20]) == ["p1", "p2", "p3", "p4"])
        #expect(try found(["radius": 100]) == [])
        #expect(try found(["radius": 1e9]) == (1...10).map { "p\($0)" })

        for (params, field) in [
            (["latitude": 0, "longitude": 0, "radius": -1], "radius"),
            (["latitude": 0, "longitude": 0, "radius": "5km"], "radius"),
            (["latitude": 0, "longitude": 0, "limit": -1], "limit"),
            (["latitude": 0, "longitude": 0, "limit": 2.5], "limit"),
            (["latitude": 91, "longitude": 0], "latitude"), (["latitude": 0, "longitude": -180.5], "longitude"),
            (["longitude": 0], "latitude"), (["latitude": 0], "longitude"),
            (["latitude": 0, "longitude": 0, "lat": 1], "lat"), (["latitude": true, "longitude": 0], "latitude"),
        ] as [(JSON, String)] {
            expectError(try client.error("places.near", params), code: -32602, field: field, "\(params)")
        }
    }

    /// Another uid's places are never found, however near.
    @Test(.enabled(if: OtherUser.isAvailable, "needs root to run a client as another uid"))
    func onlyTheCallersPlaces() throws {
        let daemon = try DaemonProcess(arguments: ["--socket-mode", "0666"])
        defer { daemon.shutdown() }
        OtherUser.openUp(daemon)
        try daemon.start()
        let client = try daemon.connect()
        try client.add(["name": "Mine, far", "latitude": 10, "longitude": 10])
        let theirs = try OtherUser.call(
            daemon,
            [
                ("places.add", ["name": "Theirs, here", "latitude": 0, "longitude": 0]),
                ("places.near", ["latitude": 0, "longitude": 0]),
            ])
        #expect(theirs[1]["result"]?["places"]?.array?.map { $0["place"]?["name"] ?? nil } == ["Theirs, here"])
        let mine = try near(client, 0, 0, ["limit": 100])
        #expect(mine.map { $0["place"]?["name"] ?? nil } == ["Mine, far"], "\(mine)")
    }
}
