import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// `placesctl near (WHERE [--country CC]|--lat LAT --lon LON|--from ID) [--radius DISTANCE] [--limit N] [--visited|--unvisited]
/// [--search TEXT] [--tag TAG]... [--bbox S,W,N,E] [--sort KEY] [--order asc|desc|--reverse] [--format FORMAT]`.
enum NearCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "near",
        abstract: "List the places nearest to a point or a place, nearest first.",
        discussion: """
            Give where to measure from as WHERE: one of your places, "LAT,LON", or a city (placesctl near Kyoto). \
            WHERE is read as a latitude and a longitude first, then as the name (case and accents ignored) or id \
            of one of your places (itself left out of the list), then as a city of placesctl's list of the \
            world's cities (the most populous of several of that name, with a line on standard error saying \
            which; --country or "Paris, Texas" picks another), then as the beginning of one of your places' \
            names. With --country, WHERE is a city. Or give a point with --lat and --lon, or a place with --from \
            (a name or an id; the place itself is left out). The filters choose which places may be among the nearest (--unvisited: the nearest places not \
            visited yet); --sort orders the nearest found (by name, say) instead of by distance. \
            Distances under 1 km show in whole metres (350 m), longer ones in kilometres with one decimal and no \
            digit grouping (12345.6 km). --format tsv prints a header line (id, name, distance, latitude, \
            longitude), then one place a line, the distance in metres. With --json (or --format json), prints \
            placesd's result: {"places": [{"place", \
            "distance"}, ...]}, distances in metres.
            """,
        arguments: [
            ArgumentDeclaration(
                name: "WHERE", abstract: "One of your places (a name or an id), \"LAT,LON\", or a city.",
                isRequired: false, completion: .placeID)
        ],
        options: [
            CommonOptions.latitude,
            CommonOptions.longitude,
            from,
            CommonOptions.country.with(
                abstract: "Take WHERE as a city of this country: a code (FR) or a name (France)."),
            radius,
            limit,
            CommonOptions.visited.with(abstract: "Only visited places."),
            CommonOptions.unvisited.with(abstract: "Only places not visited yet."),
        ] + SelectionOptions.all + [OutputFormat.option],
        isPaged: true,
        handler: run
    )

    /// `--from ID`.
    static let from = Option<String>(
        ["--from"], valueName: "ID", abstract: "Measure from this place (a name or an id) instead of a point.",
        completion: .placeID)
    /// `--radius DISTANCE`, in metres.
    static let radius = Option<Double>(
        ["--radius"], valueName: "DISTANCE",
        abstract: "Only places this close: metres (500, 500m), kilometres (5km, 2.5km) or miles (20mi).",
        convert: DistanceText.metres,
        refusal: { spelling, text in "\(spelling) expects a distance such as 500, 500m, 2.5km or 20mi, got '\(text)'" })
    /// `--limit N`.
    static let limit = Option<Int64>.integer(
        ["--limit"], valueName: "N", abstract: "Show at most N places (placesd's default: 10).")

    /// Sends `places.near` and prints the table.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let format = context.isJSON ? .json : try input[OutputFormat.option] ?? .table
        let radius = try input[Self.radius]
        let limit = try input[Self.limit]
        if let limit, limit < 0 {
            throw input.usageError("--limit must be 0 or more, got \(limit)")
        }
        let selection = try SelectionOptions.selection(input, defaultSort: .distance)
        let latitude = try input[CommonOptions.latitude]
        let longitude = try input[CommonOptions.longitude]
        let count = limit.map { Int($0) } ?? NearParams.defaultLimit
        let country = try input[CommonOptions.country]
        let params: NearParams
        if let text = input.argument(0) {
            guard latitude == nil, longitude == nil, try input[Self.from] == nil else {
                throw input.usageError("give WHERE, --from or --lat and --lon, only one of them")
            }
            switch try context.resolveLocation(text, country: country, command: "near") {
            case .place(let place):
                params = NearParams(from: place.id, radius: radius, limit: count, selection: selection)
            case let location:
                params = NearParams(
                    coordinate: location.coordinate, radius: radius, limit: count, selection: selection)
            }
        } else if country != nil {
            throw input.usageError("--country names the country of the city given as WHERE; give WHERE")
        } else if let text = try input[Self.from] {
            guard latitude == nil, longitude == nil else {
                throw input.usageError("give --from or --lat and --lon, not both")
            }
            params = NearParams(
                from: try context.resolveID(text, command: "near"), radius: radius, limit: count, selection: selection)
        } else {
            guard let latitude, let longitude else {
                throw input.usageError("give WHERE (a place, \"LAT,LON\" or a city), --lat and --lon, or --from ID")
            }
            params = NearParams(
                coordinate: Coordinate(latitude: latitude, longitude: longitude), radius: radius, limit: count,
                selection: selection)
        }
        let result = try context.call(params)
        if format == .json {
            return try context.writeJSON(result)
        }
        let entries = try context.decode(result, from: Method.near.rawValue, NearResults.decode).entries.map {
            ($0.place, $0.distance)
        }
        if format == .tsv {
            return try context.write(NearTable.tsv(entries))
        }
        try context.write(render(entries, radius: radius, width: context.width, style: context.style))
    }

    /// The table, or the line shown when no place is near enough.
    static func render(
        _ entries: [NearTable.Entry], radius: Double?, width: Int, style: TextStyle = .plain
    ) -> String {
        guard entries.isEmpty else { return NearTable.render(entries, width: width, style: style) }
        if let radius {
            return "No places within \(DistanceText.text(metres: radius)).\n"
        }
        return "No places found.\n"
    }
}
