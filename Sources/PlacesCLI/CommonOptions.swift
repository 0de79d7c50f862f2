import PlacesCommandLine

/// Option and argument declarations several commands share.
enum CommonOptions {
    /// `ID`: a place id or a unique prefix.
    static let id = ArgumentDeclaration(
        name: "ID",
        abstract: "The place: its name, a unique beginning of its name, its id, or 4+ hex digits of the id.",
        isRequired: true, completion: .placeID)

    /// `--lat LAT` (or `--latitude`).
    static let latitude = Option<Double>.number(
        ["--lat", "--latitude"], valueName: "LAT", abstract: "Latitude in degrees, -90 to 90.")

    /// `--lon LON` (or `--longitude`).
    static let longitude = Option<Double>.number(
        ["--lon", "--longitude"], valueName: "LON", abstract: "Longitude in degrees, -180 to 180.")

    /// `--country CC`: which country a city's name is looked for in.
    static let country = Option<String>(
        ["--country"], valueName: "CC",
        abstract: "Look for the city in this country: a code (FR) or a country's name (France).")

    /// `--description TEXT`.
    static let description = Option<String>(
        ["--description"], valueName: "TEXT", abstract: "Free text about the place.")

    /// `--visited`, exclusive with `--unvisited`.
    static let visited = Flag(["--visited"], abstract: "Mark as visited.", exclusiveGroup: "visited")

    /// `--unvisited`, exclusive with `--visited`.
    static let unvisited = Flag(["--unvisited"], abstract: "Mark as not visited.", exclusiveGroup: "visited")

    /// `--if-version N`.
    static let ifVersion = Option<Int64>.integer(
        ["--if-version"], valueName: "N", abstract: "Refuse unless the place is still at version N.")

    /// The `visited` value that `--visited`/`--unvisited` ask for, or nil for neither.
    static func visitedValue(_ input: CommandInput) -> Bool? {
        if input[visited] { return true }
        if input[unvisited] { return false }
        return nil
    }
}
