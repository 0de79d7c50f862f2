/// Where the gazetteer's data files are looked for, first found wins:
///
/// 1. `$PLACESD_DATA_DIR`, when set (and then nowhere else);
/// 2. in a build tree (the program is inside a `.build` directory), the `data` directory beside that `.build`;
/// 3. `../share/placesd` from the program's directory (`/usr/local/bin/placesctl`: `/usr/local/share/placesd`);
/// 4. `/usr/share/placesd`, where the Debian package puts them.
public enum GazetteerFiles {
    /// The cities, one line per search key, sorted (`scripts/make-gazetteer.py`).
    public static let citiesFileName = "cities.tsv"
    /// The countries' codes and names.
    public static let countriesFileName = "countries.tsv"
    /// The variable that names the data directory.
    public static let environmentVariable = "PLACESD_DATA_DIR"
    /// Where the Debian package installs the data files.
    public static let systemDirectory = "/usr/share/placesd"

    /// The directories to look in, in order, for a program at `executablePath` (nil when unknown).
    public static func directories(environment: [String: String], executablePath: String?) -> [String] {
        if let directory = environment[environmentVariable], !directory.isEmpty {
            return [directory]
        }
        var directories: [String] = []
        if let executablePath, let slash = executablePath.lastIndex(of: "/") {
            let programDirectory = String(executablePath[..<slash])
            let components = executablePath.split(separator: "/", omittingEmptySubsequences: false)
            if let build = components.dropLast().firstIndex(of: ".build") {
                directories.append(components[..<build].joined(separator: "/") + "/data")
            }
            directories.append(programDirectory + "/../share/placesd")
        }
        directories.append(systemDirectory)
        return directories
    }

    /// The first of `directories` that holds the cities file, per `fileExists`; the error lists them otherwise.
    public static func locate(
        in directories: [String], fileExists: (String) -> Bool
    ) throws(GazetteerError) -> String {
        guard let found = directories.first(where: { fileExists($0 + "/" + citiesFileName) }) else {
            throw .missing(searched: directories)
        }
        return found
    }
}
