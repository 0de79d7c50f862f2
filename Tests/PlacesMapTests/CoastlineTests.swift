import Foundation
import PlacesMap
import PlacesModel
import Testing

/// The coastline data file: its format, its errors, the shipped file, and where it is looked for.
@Suite struct CoastlineTests {
    /// The first pair is absolute, the others differences; comments and blank lines are skipped.
    @Test func readsRings() throws {
        let text = "# comment\n\n100 -200 50 0 0 25\r\n-18000 9000 1 -1 1 -1\n"
        let coastline = try Coastline.load(from: Array(text.utf8))
        #expect(
            coastline.rings == [
                [
                    Coordinate(latitude: -2, longitude: 1), Coordinate(latitude: -2, longitude: 1.5),
                    Coordinate(latitude: -1.75, longitude: 1.5),
                ],
                [
                    Coordinate(latitude: 90, longitude: -180), Coordinate(latitude: 89.99, longitude: -179.99),
                    Coordinate(latitude: 89.98, longitude: -179.98),
                ],
            ])
    }

    /// A bad line is an error naming the line and the reason.
    @Test(arguments: [
        ("# c\n1 2 3 4\n", "coastline data line 2: a ring needs at least 3 points, as pairs of numbers; found 4"),
        ("1 2 3 4 5 6 7\n", "coastline data line 1: a ring needs at least 3 points, as pairs of numbers; found 7"),
        ("1 2 x 4 5 6\n", "coastline data line 1: expected whole numbers separated by spaces"),
        ("1 2 3.5 4 5 6\n", "coastline data line 1: expected whole numbers separated by spaces"),
        ("17999 0 2 0 0 1\n", "coastline data line 1: point 2 is outside the world (18001, 0)"),
    ])
    func refusesBadLines(text: String, message: String) {
        #expect(throws: CoastlineError.self) { try Coastline.load(from: Array(text.utf8)) }
        do {
            _ = try Coastline.load(from: Array(text.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    /// The shipped file holds the world's land: the rings its header counts, all in range, and continents
    /// among them (Eurasia's ring is the longest).
    @Test func shippedFile() throws {
        let coastline = try SVGMapTests.shippedCoastline()
        #expect(coastline.rings.count == 452)
        #expect(coastline.rings.map(\.count).reduce(0, +) == 5670)
        let longest = try #require(coastline.rings.max { $0.count < $1.count })
        #expect(longest.contains { $0.latitude > 70 && $0.longitude > 100 })
    }

    /// The data directory's lookup order, and no path twice.
    @Test func lookupOrder() {
        #expect(
            DataFileLocation.candidates(
                fileName: "coastline.txt", dataDirectory: "/srv/maps", executablePath: "/opt/placesd/bin/placesctl",
                sourceDirectory: "/src/placesd/data")
                == [
                    "/srv/maps/coastline.txt", "/opt/placesd/bin/../share/placesd/coastline.txt",
                    "/usr/share/placesd/coastline.txt", "/src/placesd/data/coastline.txt",
                ])
        #expect(
            DataFileLocation.candidates(
                fileName: "coastline.txt", dataDirectory: "", executablePath: nil, sourceDirectory: "/usr/share/placesd"
            )
                == ["/usr/share/placesd/coastline.txt"])
        #expect(DataFileLocation.sourceDataDirectory.hasSuffix("/data"))
        #expect(FileManager.default.fileExists(atPath: DataFileLocation.sourceDataDirectory + "/coastline.txt"))
    }
}
