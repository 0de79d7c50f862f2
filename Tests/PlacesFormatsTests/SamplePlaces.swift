import PlacesModel

/// Places that exercise every field a KML export writes.
enum SamplePlaces {
    /// When they were added.
    static let added = Timestamp(millisecondsSinceEpoch: 1_780_000_000_000)

    /// A place with the given fields.
    static func place(
        _ name: String, _ latitude: Double, _ longitude: Double, description: String = "", tags: [String] = [],
        visitedAt: Timestamp? = nil
    ) -> Place {
        Place(
            id: .random(), owner: 1000, name: name, description: description,
            coordinate: Coordinate(latitude: latitude, longitude: longitude), isVisited: visitedAt != nil,
            version: 1, createdAt: added, updatedAt: added, visitedAt: visitedAt, tags: TagRules.canonical(tags))
    }

    /// Names, descriptions and tags with characters XML and HTML treat specially, coordinates with many
    /// decimals and tiny ones, visited and not.
    static let all: [Place] = [
        place(
            "Café & <Bar>", 41.890210212345678, 12.492230934567891,
            description: "Opens at 8.\n\nAsk for \"the usual\" & <b>pay</b> cash.\tTip 10%", tags: ["food", "Rome"],
            visitedAt: Timestamp(millisecondsSinceEpoch: 1_780_100_000_000)),
        place("Plain", 51.5, -0.0000123, tags: []),
        place("  Spaced  ", -33.8567844, 151.2152967, description: " leading space", tags: ["Sydney"]),
        place("東京タワー", 35.6585805, 139.7454329, description: "展望台", tags: ["Tokyo", "views", "a;b"]),
        place("Edge", -90, 180, tags: ["views"]),
    ]
}
