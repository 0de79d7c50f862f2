import PlacesModel

/// A city of the gazetteer: GeoNames' name, where it is, and how many live there.
public struct City: Sendable, Hashable {
    /// The city's name as GeoNames writes it ("Zürich", "São Paulo").
    public let name: String
    /// Its country's ISO 3166-1 alpha-2 code ("CH").
    public let countryCode: String
    /// Its country's name ("Switzerland"), or the code for a country the gazetteer has no name for.
    public let countryName: String
    /// The name of its first-level division where the gazetteer has one (the states of the United States:
    /// "Texas"); empty elsewhere.
    public let admin1: String
    /// Latitude in degrees.
    public let latitude: Double
    /// Longitude in degrees.
    public let longitude: Double
    /// Its population.
    public let population: Int

    /// A city from its fields.
    public init(
        name: String, countryCode: String, countryName: String, admin1: String, latitude: Double, longitude: Double,
        population: Int
    ) {
        self.name = name
        self.countryCode = countryCode
        self.countryName = countryName
        self.admin1 = admin1
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
    }

    /// The name with what tells it from others of that name: "Paris, Texas, US", "Paris, FR".
    public var label: String {
        admin1.isEmpty ? "\(name), \(countryCode)" : "\(name), \(admin1), \(countryCode)"
    }

    /// Whether `qualifier` (folded) names this city's division, country code or country name.
    func isQualified(byFolded qualifier: String) -> Bool {
        isInCountry(folded: qualifier) || (!admin1.isEmpty && qualifier == TextFolding.fold(admin1))
    }

    /// Whether `country` (folded) is this city's country code or country name.
    func isInCountry(folded country: String) -> Bool {
        country == TextFolding.fold(countryCode) || country == TextFolding.fold(countryName)
    }
}
