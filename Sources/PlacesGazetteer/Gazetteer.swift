import PlacesCommandLine
import PlacesModel
import PlacesSystem

/// The world's cities by name: GeoNames' cities of 15,000 people or more, read from `cities.tsv` (mapped, never
/// parsed whole) and `countries.tsv`.
///
/// Names fold case and accents as the places' names do (`TextFolding`): "sao paulo" finds São Paulo, "zurich"
/// Zürich. A name may carry qualifiers after commas, each a country code, a country's name or (in the United
/// States) a state's name: "Paris, Texas", "Paris, FR", "Springfield, Illinois, US".
public final class Gazetteer {
    private let file: MappedFile
    private let lines: CityLines
    /// Country names by code.
    private let countries: [String: String]

    /// Opens the data files in `directory`.
    public init(directory: String) throws(GazetteerError) {
        let citiesPath = directory + "/" + GazetteerFiles.citiesFileName
        let countriesPath = directory + "/" + GazetteerFiles.countriesFileName
        do {
            file = try MappedFile(path: citiesPath)
        } catch {
            throw .unreadable(path: citiesPath, error)
        }
        lines = CityLines(file.bytes)
        let countryBytes: [UInt8]
        do {
            countryBytes = try FileSystem.readFile(countriesPath)
        } catch {
            throw .unreadable(path: countriesPath, error)
        }
        var countries: [String: String] = [:]
        for line in String(decoding: countryBytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2 else {
                throw .malformed(path: countriesPath, reason: "the line '\(line)' is not a code and a name")
            }
            countries[String(fields[0])] = String(fields[1])
        }
        self.countries = countries
    }

    /// Opens the data files where `GazetteerFiles` looks for them.
    public convenience init(
        environment: [String: String], executablePath: String?, fileExists: (String) -> Bool
    ) throws(GazetteerError) {
        let directories = GazetteerFiles.directories(environment: environment, executablePath: executablePath)
        try self.init(directory: GazetteerFiles.locate(in: directories, fileExists: fileExists))
    }

    /// The cities called `name` (folded, without qualifiers), most populous first.
    public func cities(named name: String) -> [City] {
        lines.lines(withKey: Array(TextFolding.fold(name).utf8)).compactMap(city(from:))
    }

    /// The cities that `text` names ("Paris", "Paris, Texas"), in `country` when given (a code or a name), most
    /// populous first; empty when none is.
    public func cities(matching text: String, country: String? = nil) -> [City] {
        var found = cities(named: text)
        if found.isEmpty, let comma = text.firstIndex(of: ",") {
            let qualifiers = text[text.index(after: comma)...].split(separator: ",").map {
                TextFolding.fold(String($0.trimmingSpaces))
            }
            found = cities(named: String(text[..<comma].trimmingSpaces)).filter { city in
                qualifiers.allSatisfy { $0.isEmpty || city.isQualified(byFolded: $0) }
            }
        }
        if let country {
            let folded = TextFolding.fold(String(country.trimmingSpaces))
            found = found.filter { $0.isInCountry(folded: folded) }
        }
        return found
    }

    /// Whether `text` is a country code or a country's name the gazetteer knows (case and accents ignored).
    public func isCountry(_ text: String) -> Bool {
        let folded = TextFolding.fold(String(text.trimmingSpaces))
        return countries.contains { TextFolding.fold($0.key) == folded || TextFolding.fold($0.value) == folded }
    }

    /// The names of the cities closest in spelling to `text` (its part before any comma), most populous first,
    /// at most `limit`: for "did you mean …?".
    public func closestNames(to text: String, limit: Int = 5) -> [String] {
        let name = text.firstIndex(of: ",").map { String(text[..<$0].trimmingSpaces) } ?? text
        let typed = TextFolding.fold(name)
        let typedLength = typed.utf8.count
        // Only keys whose length is within the distance a suggestion may be from what was typed are compared.
        var candidates: [String] = []
        var firstLines: [String: CityLines.Line] = [:]
        lines.forEachKey { key, line in
            guard abs(key.count - typedLength) <= Suggestion.maximumDistance else { return }
            let text = String(decoding: key, as: UTF8.self)
            candidates.append(text)
            firstLines[text] = line
        }
        var closest: [City] = []
        for key in Suggestion.closest(to: typed, among: candidates) {
            if let city = firstLines[key].flatMap(city(from:)), !closest.contains(where: { $0.name == city.name }) {
                closest.append(city)
            }
        }
        return closest.sorted { $0.population > $1.population }.prefix(limit).map(\.name)
    }

    /// The city on `line`; nil for a line not in the file's format (skipped rather than failing every lookup).
    private func city(from line: CityLines.Line) -> City? {
        let fields = lines.fields(of: line)
        guard fields.count == 7, let latitude = Double(fields[4]), let longitude = Double(fields[5]),
            let population = Int(fields[6])
        else { return nil }
        let code = String(fields[2])
        return City(
            name: String(fields[1]), countryCode: code, countryName: countries[code] ?? code,
            admin1: String(fields[3]), latitude: latitude, longitude: longitude, population: population)
    }
}

extension StringProtocol {
    /// The text without the spaces around it.
    fileprivate var trimmingSpaces: Substring {
        let text = self[...]
        guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " })
        else { return "" }
        return Substring(text[first...last])
    }
}
