import PlacesModel
import Testing

/// `DuplicateRule`: the same name once case-folded, within 50 m.
@Suite struct DuplicateRuleTests {
    static let tower = Coordinate(latitude: 48.8584, longitude: 2.2945)

    /// A point `metres` north of the tower (a degree of latitude is about 111,195 m on the mean radius).
    static func north(_ metres: Double) -> Coordinate {
        Coordinate(latitude: tower.latitude + metres / 111_195, longitude: tower.longitude)
    }

    @Test(
        arguments: [
            ("Tour Eiffel", 0.0, true),
            ("tour eiffel", 10, true),
            ("TOUR EIFFEL", 49, true),
            ("Tour Eiffel", 51, false),
            ("Tour Eiffel", 500, false),
            ("Tour Eiffel ", 0, false),
            ("Tour", 0, false),
            ("ÉCOLE", 0, false),
        ])
    func matchesOnNameAndDistance(name: String, metres: Double, isDuplicate: Bool) {
        #expect(
            DuplicateRule.isDuplicate(name: name, at: Self.north(metres), of: "Tour Eiffel", at: Self.tower)
                == isDuplicate)
    }

    @Test func foldsCaseBeyondASCII() {
        #expect(DuplicateRule.isDuplicate(name: "ÉCOLE", at: Self.tower, of: "école", at: Self.tower))
        #expect(DuplicateRule.isDuplicate(name: "ΣΟΦΊΑ", at: Self.tower, of: "σοφία", at: Self.tower))
    }

    @Test func isSymmetricAcrossTheAntimeridian() {
        let east = Coordinate(latitude: 0, longitude: 179.9998)
        let west = Coordinate(latitude: 0, longitude: -179.9998)
        #expect(DuplicateRule.isDuplicate(name: "Buoy", at: east, of: "buoy", at: west))
        #expect(DuplicateRule.isDuplicate(name: "buoy", at: west, of: "Buoy", at: east))
    }
}
