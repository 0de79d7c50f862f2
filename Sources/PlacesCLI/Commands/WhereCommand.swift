import PlacesCommandLine
import PlacesGazetteer
import PlacesProtocol

/// `placesctl where NAME [--country CC]`: the cities of that name, most populous first.
enum WhereCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "where",
        abstract: "List the cities of a name, most populous first.",
        discussion: """
            Looks NAME up in placesctl's list of the world's cities of 15,000 people or more (GeoNames, offline; \
            the daemon is not asked), case and accents ignored: placesctl where "sao paulo". A comma adds what \
            tells cities apart: a country code, a country's name or, in the United States, a state: \
            "Paris, Texas", "Paris, FR". The first line is the city that 'placesctl add NAME' and \
            'placesctl near NAME' take. A name that is no city is refused (exit 66) with the closest names. With \
            --json, prints {"cities": [{"name", "admin1", "country", "countryName", "latitude", "longitude", \
            "population"}, ...]}, admin1 being the state (United States) or "".
            """,
        arguments: [ArgumentDeclaration(name: "NAME", abstract: "A city's name.", isRequired: true)],
        options: [CommonOptions.country],
        isPaged: true,
        handler: run
    )

    /// Looks the name up and prints the cities.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let name = input.argument(0) ?? ""
        guard name.contains(where: { !$0.isWhitespace }) else { throw input.usageError("NAME cannot be empty") }
        let cities = try context.cities(named: name, country: try input[CommonOptions.country], command: "where")
        if context.isJSON {
            return try context.writeJSON(.object(JSONObject([(key: "cities", value: .array(cities.map(json)))])))
        }
        try context.write(CityTable.render(cities, style: context.style))
    }

    /// A city as `--json` prints it.
    static func json(_ city: City) -> JSONValue {
        .object(
            JSONObject([
                (key: "name", value: .string(city.name)),
                (key: "admin1", value: .string(city.admin1)),
                (key: "country", value: .string(city.countryCode)),
                (key: "countryName", value: .string(city.countryName)),
                (key: "latitude", value: JSONNumber(city.latitude).map(JSONValue.number) ?? .null),
                (key: "longitude", value: JSONNumber(city.longitude).map(JSONValue.number) ?? .null),
                (key: "population", value: .number(JSONNumber(city.population))),
            ]))
    }
}
