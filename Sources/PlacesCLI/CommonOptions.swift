/// Option and argument declarations several commands share.
enum CommonOptions {
    /// `ID`: a place id or a unique prefix.
    static let id = ArgumentSpec(
        name: "ID", abstract: "The place's id: the full UUID or a unique prefix of at least 4 hex digits.",
        isRequired: true)

    /// `--lat LAT` (or `--latitude`).
    static func latitude(isRequired: Bool) -> OptionSpec {
        .value(
            ["--lat", "--latitude"], key: "lat", valueName: "LAT", abstract: "Latitude in degrees, -90 to 90.",
            isRequired: isRequired)
    }

    /// `--lon LON` (or `--longitude`).
    static func longitude(isRequired: Bool) -> OptionSpec {
        .value(
            ["--lon", "--longitude"], key: "lon", valueName: "LON", abstract: "Longitude in degrees, -180 to 180.",
            isRequired: isRequired)
    }

    /// `--description TEXT`.
    static let description = OptionSpec.value(
        ["--description"], key: "description", valueName: "TEXT", abstract: "Free text about the place.")

    /// `--visited`, exclusive with `--unvisited`.
    static let visited = OptionSpec.flag(
        ["--visited"], key: "visited", abstract: "Mark as visited.", exclusiveGroup: "visited")

    /// `--unvisited`, exclusive with `--visited`.
    static let unvisited = OptionSpec.flag(
        ["--unvisited"], key: "unvisited", abstract: "Mark as not visited.", exclusiveGroup: "visited")

    /// `--if-version N`.
    static let ifVersion = OptionSpec.value(
        ["--if-version"], key: "ifVersion", valueName: "N",
        abstract: "Refuse unless the place is still at version N.")

    /// The `visited` value that `--visited`/`--unvisited` ask for, or nil for neither.
    static func visitedValue(_ input: CommandInput) -> Bool? {
        if input.isSet("visited") { return true }
        if input.isSet("unvisited") { return false }
        return nil
    }
}
