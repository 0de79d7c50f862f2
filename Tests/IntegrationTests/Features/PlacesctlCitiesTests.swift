import Foundation
import Testing

/// Places by the name of a city: `add CITY`, `near CITY`, `where NAME`, against a real daemon, with the data files
/// of the build tree (data/ beside .build) found as an installed placesctl finds its own.
@Suite("placesctl cities")
struct PlacesctlCitiesTests {
    /// The environment placesctl runs with: no data directory named, so it looks where a build tree's does.
    private static var environment: [String: String] {
        var environment = Spawn.cleanEnvironment()
        environment["PLACESD_DATA_DIR"] = nil
        return environment
    }

    /// Runs placesctl with `--socket` pointing at `daemon`.
    private func placesctl(
        _ daemon: DaemonProcess, _ arguments: [String], environment: [String: String] = environment
    ) throws -> Subprocess {
        try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory,
            environment: environment)
    }

    /// The places' names and coordinates, in list order.
    private func places(_ raw: RawConnection) throws -> [(String, Double, Double)] {
        (try raw.list()["places"]?.array ?? []).map {
            ($0["name"]?.string ?? "?", $0["latitude"]?.double ?? .nan, $0["longitude"]?.double ?? .nan)
        }
    }

    @Test func addACityByItsName() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()

        let kyoto = try placesctl(daemon, ["add", "Kyoto", "--visited"])
        #expect(kyoto.status == .exited(0) && kyoto.stderr.isEmpty, "\(kyoto.summary)")
        #expect(kyoto.stdout.hasPrefix("Added 'Kyoto'"), "\(kyoto.summary)")

        let paris = try placesctl(daemon, ["add", "Paris"])
        #expect(paris.status == .exited(0), "\(paris.summary)")
        #expect(
            paris.stderr.contains("Paris, FR") && paris.stderr.contains("--country")
                && paris.stderr.contains("placesctl where Paris"),
            "the most populous, and how to pick another: \(paris.summary)")

        let texas = try placesctl(daemon, ["add", "Paris, Texas"])
        #expect(texas.status == .exited(0) && texas.stderr.isEmpty, "\(texas.summary)")
        let france = try placesctl(daemon, ["add", "paris", "--country", "fr"])
        #expect(france.status == .exited(0) && france.stderr.isEmpty, "\(france.summary)")
        let zurich = try placesctl(daemon, ["add", "zurich"])
        #expect(zurich.status == .exited(0) && zurich.stderr.isEmpty, "\(zurich.summary)")
        let given = try placesctl(daemon, ["add", "Kyoto Station", "--lat", "34.9858", "--lon", "135.7588"])
        #expect(given.status == .exited(0) && given.stderr.isEmpty, "coordinates given win: \(given.summary)")

        let added = try places(raw)
        try #require(added.count == 6, "\(added)")
        func near(_ place: (String, Double, Double), _ latitude: Double, _ longitude: Double) -> Bool {
            abs(place.1 - latitude) < 0.05 && abs(place.2 - longitude) < 0.05
        }
        #expect(added[0].0 == "Kyoto" && near(added[0], 35.02, 135.75), "\(added[0])")
        #expect(added[1].0 == "Paris" && near(added[1], 48.85, 2.35), "\(added[1])")
        #expect(added[2].0 == "Paris, Texas" && near(added[2], 33.66, -95.56), "\(added[2])")
        #expect(added[3].0 == "paris" && near(added[3], 48.85, 2.35), "\(added[3])")
        #expect(added[4].0 == "zurich" && near(added[4], 47.37, 8.55), "\(added[4])")
        #expect(added[5] == ("Kyoto Station", 34.9858, 135.7588), "\(added[5])")
        #expect(try raw.list()["places"]?.array?.first?["visited"] == true)
    }

    @Test func anUnknownCityIsRefusedWithTheClosestNames() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        let unknown = try placesctl(daemon, ["add", "Kyotp"])
        #expect(unknown.status == .exited(66), "\(unknown.summary)")
        #expect(
            unknown.stderr.contains("no city is named 'Kyotp'") && unknown.stderr.contains("did you mean 'Kyoto'"),
            "\(unknown.summary)")
        let json = try placesctl(daemon, ["--json", "add", "Kyotp"])
        #expect(json.status == .exited(66), "\(json.summary)")
        let error = try JSON(parsing: json.stdout.trimmingCharacters(in: .newlines))["error"]
        #expect(error?["code"] == -32001 && error?["message"]?.string?.contains("Kyoto") == true, "\(json.summary)")

        let nowhere = try placesctl(daemon, ["add", "Paris", "--country", "JP"])
        #expect(nowhere.status == .exited(66) && nowhere.stderr.contains("in 'JP'"), "\(nowhere.summary)")
        let badCountry = try placesctl(daemon, ["add", "Paris", "--country", "Atlantis"])
        #expect(badCountry.status == .exited(64) && badCountry.stderr.contains("'Atlantis'"), "\(badCountry.summary)")
        let both = try placesctl(daemon, ["add", "Paris", "48.85", "2.35", "--country", "FR"])
        #expect(both.status == .exited(64), "\(both.summary)")
        #expect(try places(raw).isEmpty, "nothing was added")
    }

    @Test func aMissingDataFileIsNamed() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        var environment = Self.environment
        environment["PLACESD_DATA_DIR"] = daemon.directory.path + "/no-data"
        let missing = try placesctl(daemon, ["add", "Kyoto"], environment: environment)
        #expect(missing.status == .exited(74), "\(missing.summary)")
        #expect(
            missing.stderr.contains("'cities.tsv'") && missing.stderr.contains("/no-data")
                && missing.stderr.contains("PLACESD_DATA_DIR"),
            "\(missing.summary)")
        let given = try placesctl(daemon, ["add", "Kyoto", "35.0116", "135.7681"], environment: environment)
        #expect(given.status == .exited(0), "coordinates need no data file: \(given.summary)")
    }

    @Test func whereListsTheCitiesOfAName() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let table = try placesctl(daemon, ["where", "paris"])
        #expect(table.status == .exited(0) && table.stderr.isEmpty, "\(table.summary)")
        let lines = table.stdout.split(separator: "\n")
        try #require(lines.count >= 3, "\(table.summary)")
        #expect(lines[0].hasPrefix("NAME") && lines[0].hasSuffix("POPULATION"), "\(lines[0])")
        #expect(lines[1].hasPrefix("Paris") && lines[1].contains("FR France"), "most populous first: \(lines[1])")
        #expect(lines.contains { $0.contains("Texas") && $0.contains("US United States") }, "\(table.summary)")

        let json = try placesctl(daemon, ["--json", "where", "Sao Paulo"])
        #expect(json.status == .exited(0), "\(json.summary)")
        let cities = try JSON(parsing: json.stdout.trimmingCharacters(in: .newlines))["cities"]?.array ?? []
        try #require(!cities.isEmpty, "\(json.summary)")
        #expect(cities[0]["name"] == "São Paulo" && cities[0]["country"] == "BR" && cities[0]["admin1"] == "")
        #expect((cities[0]["population"]?.double ?? 0) > 10_000_000, "\(cities[0])")

        let texas = try placesctl(daemon, ["--json", "where", "Paris", "--country", "US"])
        let found = try JSON(parsing: texas.stdout.trimmingCharacters(in: .newlines))["cities"]?.array ?? []
        #expect(found.map { $0["admin1"] } == ["Texas"], "\(texas.summary)")

        let unknown = try placesctl(daemon, ["where", "Zurch"])
        #expect(unknown.status == .exited(66) && unknown.stderr.contains("'Zürich'"), "\(unknown.summary)")
    }

    @Test func nearACityYourPlaceOrAPoint() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        for (name, latitude, longitude) in [
            ("Fushimi Inari", 34.9671, 135.7727), ("Osaka Castle", 34.6873, 135.5262),
            ("Tokyo Tower", 35.6586, 139.7454),
        ] {
            try raw.add(["name": .string(name), "latitude": .number(latitude), "longitude": .number(longitude)])
        }
        func names(_ run: Subprocess) -> [String] {
            run.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[1]) }
        }
        let city = try placesctl(daemon, ["near", "kyoto", "--format", "tsv"])
        #expect(city.status == .exited(0) && city.stderr.isEmpty, "\(city.summary)")
        #expect(names(city) == ["Fushimi Inari", "Osaka Castle", "Tokyo Tower"], "\(city.summary)")

        let point = try placesctl(daemon, ["near", "35.6586,139.7454", "--format", "tsv"])
        #expect(names(point) == ["Tokyo Tower", "Fushimi Inari", "Osaka Castle"], "\(point.summary)")

        let place = try placesctl(daemon, ["near", "osaka castle", "--format", "tsv"])
        #expect(
            names(place) == ["Fushimi Inari", "Tokyo Tower"], "your place first, itself left out: \(place.summary)")

        // A place named as a city is yours first; --country makes it the city.
        try raw.add(["name": "Osaka", "latitude": 35.6586, "longitude": 139.7454])
        let yours = try placesctl(daemon, ["near", "Osaka", "--format", "tsv", "--limit", "1"])
        #expect(names(yours) == ["Tokyo Tower"], "\(yours.summary)")
        let theCity = try placesctl(daemon, ["near", "Osaka", "--country", "JP", "--format", "tsv", "--limit", "1"])
        #expect(names(theCity) == ["Osaka Castle"], "\(theCity.summary)")

        let unknown = try placesctl(daemon, ["near", "Kyotp"])
        #expect(unknown.status == .exited(66) && unknown.stderr.contains("'Kyoto'"), "\(unknown.summary)")
        let both = try placesctl(daemon, ["near", "Kyoto", "--lat", "1", "--lon", "2"])
        #expect(both.status == .exited(64), "\(both.summary)")
    }
}
