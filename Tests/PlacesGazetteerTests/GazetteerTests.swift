import PlacesGazetteer
import Testing

/// Lookups in the committed gazetteer (data/cities.tsv): folding, ambiguity, qualifiers and suggestions.
@Suite("Gazetteer")
struct GazetteerTests {
    /// The repository's data directory.
    static let dataDirectory: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/data"
    }()

    /// The gazetteer of the repository's data files.
    static func open() throws -> Gazetteer {
        try Gazetteer(directory: dataDirectory)
    }

    @Test func kyotoIsOneCityWhereItIs() throws {
        let found = try Self.open().cities(matching: "Kyoto")
        try #require(found.count == 1, "\(found)")
        #expect(found[0].name == "Kyoto" && found[0].countryCode == "JP" && found[0].countryName == "Japan")
        #expect(abs(found[0].latitude - 35.02) < 0.05 && abs(found[0].longitude - 135.76) < 0.05, "\(found[0])")
        #expect(found[0].population > 1_000_000)
    }

    @Test(arguments: [
        ("sao paulo", "São Paulo"), ("SÃO PAULO", "São Paulo"), ("Zürich", "Zürich"), ("zurich", "Zürich"),
        ("ZURICH", "Zürich"), ("Munchen", "Munich"), ("München", "Munich"), ("firenze", "Florence"),
    ])
    func namesFoldCaseAndAccents(_ typed: String, _ name: String) throws {
        let found = try Self.open().cities(matching: typed)
        #expect(found.first?.name == name, "\(typed): \(found.map(\.label))")
    }

    @Test func anAmbiguousNameListsTheMostPopulousFirst() throws {
        let found = try Self.open().cities(matching: "Paris")
        try #require(found.count >= 2, "\(found.map(\.label))")
        #expect(found[0].countryCode == "FR", "\(found.map(\.label))")
        #expect(found.contains { $0.countryCode == "US" && $0.admin1 == "Texas" }, "\(found.map(\.label))")
        #expect(found.map(\.population) == found.map(\.population).sorted(by: >))
    }

    @Test(arguments: ["Paris, Texas", "paris,texas", "Paris, Texas, US", "Paris, US", "Paris, United States"])
    func qualifiersPickTheCity(_ typed: String) throws {
        let found = try Self.open().cities(matching: typed)
        try #require(found.count == 1, "\(typed): \(found.map(\.label))")
        #expect(found[0].label == "Paris, Texas, US")
        #expect(abs(found[0].latitude - 33.66) < 0.05 && abs(found[0].longitude + 95.56) < 0.05)
    }

    @Test(arguments: ["FR", "fr", "France"])
    func aCountryPicksTheCity(_ country: String) throws {
        let found = try Self.open().cities(matching: "Paris", country: country)
        #expect(found.map(\.label) == ["Paris, FR"], "\(country)")
    }

    @Test func aQualifierOrCountryThatMatchesNothingFindsNothing() throws {
        let gazetteer = try Self.open()
        #expect(gazetteer.cities(matching: "Paris, Japan").isEmpty)
        #expect(gazetteer.cities(matching: "Paris", country: "JP").isEmpty)
        #expect(gazetteer.cities(matching: "Paris", country: "Texas").isEmpty, "--country is a country only")
        #expect(gazetteer.isCountry("fr") && gazetteer.isCountry("Switzerland") && !gazetteer.isCountry("XX"))
    }

    @Test func aStateSortsItsCitiesMostPopulousFirst() throws {
        let found = try Self.open().cities(matching: "Springfield, US")
        #expect(found.count >= 5 && found[0].admin1 == "Missouri", "\(found.map(\.label))")
        #expect(try Self.open().cities(matching: "Springfield, Illinois").map(\.admin1) == ["Illinois"])
    }

    @Test(arguments: [("Kyotp", "Kyoto"), ("Zurch", "Zürich"), ("Sao Paulp", "São Paulo"), ("Pariss", "Paris")])
    func anUnknownNameGetsTheClosest(_ typed: String, _ expected: String) throws {
        let gazetteer = try Self.open()
        #expect(gazetteer.cities(matching: typed).isEmpty)
        let closest = gazetteer.closestNames(to: typed)
        #expect(closest.contains(expected), "\(typed): \(closest)")
        #expect(closest.count <= 5)
    }

    @Test func nonsenseGetsNoSuggestion() throws {
        let gazetteer = try Self.open()
        #expect(gazetteer.cities(matching: "Qxzvvqwkj").isEmpty)
        #expect(gazetteer.closestNames(to: "Qxzvvqwkj").isEmpty)
    }
}
