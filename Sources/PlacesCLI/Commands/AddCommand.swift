import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// `placesctl add NAME LAT LON [--description TEXT] [--visited] [--tag TAG]`, or the coordinates as `"LAT, LON"`
/// or with `--lat` and `--lon`, or none: a city's (`add Kyoto`, `add Paris --country FR`).
enum AddCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a place to your list.",
        discussion: """
            The coordinates follow the name as two numbers (a negative one is a value, not an option: \
            placesctl add "Big Ben" 51.5007 -0.1246), as one "LAT, LON" pair pasted from a map, or as --lat and \
            --lon. Prints a confirmation with the new place's short id; with --json, the new place.

            Without coordinates, NAME is a city and the place gets its coordinates from placesctl's list of the \
            world's cities of 15,000 people or more (GeoNames): placesctl add Kyoto. Case and accents are \
            ignored (sao paulo, zurich). Where several cities share the name, the most populous is taken and a \
            line on standard error says which one; pick another with --country (a code or a country's name) or \
            after a comma: "Paris, Texas", "Paris, FR" ('placesctl where NAME' lists them). The place is named \
            NAME as given; your own places are not looked at. A name that is no city is refused (exit 66) with \
            the closest names.
            """,
        arguments: [
            ArgumentDeclaration(
                name: "NAME", abstract: "The place's name, 1 to 200 characters; without coordinates, a city's too.",
                isRequired: true),
            ArgumentDeclaration(
                name: "LAT", abstract: "Latitude in degrees, -90 to 90; or \"LAT, LON\" in one argument.",
                isRequired: false),
            ArgumentDeclaration(name: "LON", abstract: "Longitude in degrees, -180 to 180.", isRequired: false),
        ],
        options: PlaceFieldOptions.addOptions + [CommonOptions.country],
        forms: [
            ["NAME", "LAT", "LON", "[--description TEXT]", "[--visited]", "[--tag TAG]"],
            ["NAME", "\"LAT, LON\"", "[--description TEXT]", "[--visited]", "[--tag TAG]"],
            ["NAME", "--lat LAT", "--lon LON", "[--description TEXT]", "[--visited]", "[--tag TAG]"],
            ["CITY", "[--country CC]", "[--description TEXT]", "[--visited]", "[--tag TAG]"],
        ],
        handler: run
    )

    /// Sends `places.add` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let name = input.argument(0) ?? ""
        let fields = try PlaceFieldOptions(input)
        let coordinates = try coordinates(input, fields: fields, context: context)
        let draft = try context.validated { () throws(ValidationError) in
            try fields.draft(name: name, latitude: coordinates.latitude, longitude: coordinates.longitude)
        }
        let result = try context.call(AddParams(draft: draft))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let place = try context.decodePlace(result)
        try context.write("Added \(PlaceText.label(place)).\n")
    }

    /// The coordinates given after the name or with `--lat` and `--lon`, exactly one way; with none given, those
    /// of the city the name is.
    private static func coordinates(
        _ input: CommandInput, fields: PlaceFieldOptions, context: CommandContext
    ) throws(CLIFailure) -> (latitude: Double, longitude: Double) {
        let positional = Array(input.arguments.dropFirst())
        let isOptionGiven = fields.latitude != nil || fields.longitude != nil
        let country = try input[CommonOptions.country]
        if country != nil && (isOptionGiven || !positional.isEmpty) {
            throw input.usageError("--country is for a city's name without coordinates; give one or the other")
        }
        if positional.isEmpty && !isOptionGiven, let name = input.argument(0),
            name.contains(where: { !$0.isWhitespace })
        {
            let city = try context.city(named: name, country: country, command: "add")
            return (city.latitude, city.longitude)
        }
        guard positional.isEmpty else {
            if isOptionGiven {
                throw input.usageError("give the coordinates either after the name or with --lat and --lon, not both")
            }
            switch CoordinateArguments.parse(positional) {
            case .success(let coordinates): return coordinates
            case .failure(let error): throw input.usageError(error.message)
            }
        }
        guard let latitude = fields.latitude, let longitude = fields.longitude else {
            let missing = fields.latitude == nil ? "latitude" : "longitude"
            throw input.usageError(
                "missing the \(missing): give LAT LON after the name, \"LAT, LON\", or --lat LAT --lon LON")
        }
        return (latitude, longitude)
    }
}
