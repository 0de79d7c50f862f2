/// Where placesctl looks for a data file it ships (the coastline): the paths to try, in order. Reading them is
/// the caller's: the map library does no I/O.
public enum DataFileLocation {
    /// The environment variable naming a directory to look in first.
    public static let environmentVariable = "PLACESD_DATA_DIR"
    /// Where the package installs the data files.
    public static let installedDirectory = "/usr/share/placesd"

    /// The paths to try for `fileName`, first found wins: `$PLACESD_DATA_DIR` when set and not empty;
    /// `share/placesd` beside the executable's directory (`<prefix>/bin/../share/placesd`, for `make install`
    /// under another prefix); `/usr/share/placesd` (the package); and the source tree's `data/` directory, for a
    /// binary run from its build tree.
    public static func candidates(
        fileName: String, dataDirectory: String?, executablePath: String?, sourceDirectory: String = sourceDataDirectory
    ) -> [String] {
        var directories: [String] = []
        if let dataDirectory, !dataDirectory.isEmpty { directories.append(dataDirectory) }
        if let executablePath, let slash = executablePath.lastIndex(of: "/") {
            let binDirectory = executablePath[..<slash]
            directories.append((binDirectory.isEmpty ? "" : String(binDirectory)) + "/../share/placesd")
        }
        directories.append(installedDirectory)
        directories.append(sourceDirectory)
        var seen: Set<String> = []
        return directories.map { $0.hasSuffix("/") ? $0 + fileName : $0 + "/" + fileName }.filter {
            seen.insert($0).inserted
        }
    }

    /// The `data/` directory of the source tree this library was built from.
    public static var sourceDataDirectory: String {
        // This file is Sources/PlacesMap/Data/DataFileLocation.swift: four components below the tree's root.
        var path = Substring(#filePath)
        for _ in 0..<4 {
            guard let slash = path.lastIndex(of: "/") else { return "data" }
            path = path[..<slash]
        }
        return String(path) + "/data"
    }
}
