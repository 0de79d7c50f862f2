import PlacesClient
import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// `placesctl import [--format FORMAT] [--on-conflict fail|skip|replace] [--skip-duplicates] [--dry-run] FILE|-`.
enum ImportCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "import",
        abstract: "Add the places of a JSON, GeoJSON, GPX, KML, KMZ or CSV file.",
        discussion: """
            The format is recognised from the content, whatever the file's name: XML whose root element is kml \
            (KML 2.2, from Google My Maps, Google Earth, Organic Maps, Marble) or gpx (GPX 1.0 or 1.1, from GPS \
            devices, OsmAnd and 'placesctl export --format gpx'), a zip archive (KMZ), JSON (an array of places \
            as 'placesctl export' writes it, an object with a "places" array, or a GeoJSON FeatureCollection of \
            Points, Google Takeout's Saved Places among them), or CSV whose first line names its columns (name, \
            latitude, longitude and the others placesd recognises; Google Takeout's saved lists too). --format \
            forces one. A file that is none of these is refused. Each waypoint or Placemark with a point becomes \
            a place; what placesd keeps of each format is in placesd's docs/formats.md. XML is UTF-8, or ISO \
            8859-1 when its declaration says so; CSV is UTF-8. Ids in JSON and GeoJSON are kept; the other formats' \
            places get new ones. A file of any size is sent in parts that fit placesd's request lines (a large \
            GPX, KML, KMZ or CSV file as pieces of its text) and imported at once: all places or none, up to \
            placesd's max-import-places. On a terminal, files over 1 MiB show a progress bar. The summary says \
            how many places were added, replaced and skipped, and why, and what the file held that placesd left \
            out: "Imported 41 places (3 skipped: 2 without coordinates, 1 LineString; dropped fields: colour, \
            icon)." --dry-run prints the same, as what would happen; --json the result object, whose "leftOut" \
            also says where in the file each skipped entry is.
            """,
        arguments: [
            ArgumentDeclaration(
                name: "FILE", abstract: "The file to read, or - for standard input.", isRequired: true,
                completion: .fileOrStandardInput)
        ],
        options: [format, onConflict, skipDuplicates, dryRun],
        handler: run
    )

    /// `--format FORMAT`.
    static let format = Option<ExportFormat>(
        ["--format"], valueName: "FORMAT",
        abstract: "Read FILE as json, geojson, gpx, kml, kmz or csv instead of recognising its format.",
        completion: .words(ExportFormat.allCases.map(\.rawValue)), convert: ExportFormat.init(rawValue:),
        refusal: { spelling, text in "\(spelling) must be json, geojson, gpx, kml, kmz or csv, got '\(text)'" })

    /// `--on-conflict MODE`.
    static let onConflict = Option<ImportOptions.ConflictPolicy>(
        ["--on-conflict"], valueName: "MODE",
        abstract:
            "For an id already in use: fail (the default: nothing is imported), skip the place, or replace your "
            + "place's fields with the imported ones.",
        completion: .words(ImportOptions.ConflictPolicy.allCases.map(\.rawValue)), defaultValue: .fail,
        convert: ImportOptions.ConflictPolicy.init(rawValue:),
        refusal: { spelling, text in "\(spelling) must be fail, skip or replace, got '\(text)'" })

    /// `--skip-duplicates`.
    static let skipDuplicates = Flag(
        ["--skip-duplicates"],
        abstract:
            "Leave out places without an id that have the name (ignoring case) of one of yours, or of one earlier "
            + "in the file, within \(Int(DuplicateRule.radius)) m of it.")

    /// `--dry-run`.
    static let dryRun = Flag(
        ["--dry-run"], abstract: "Say what would be added, replaced and skipped, and change nothing.")

    /// Reads the file, recognises its format, imports it in parts and prints the summary.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let path = input.argument(0) ?? "-"
        let name = path == "-" ? "standard input" : "'\(path)'"
        let options = ImportOptions(
            onConflict: try input[Self.onConflict] ?? .fail, skipDuplicates: input[Self.skipDuplicates],
            isDryRun: input[Self.dryRun])
        let bar =
            !context.isJSON && context.runtime.isStandardErrorTerminal ? ProgressBar(write: context.writeError) : nil
        defer { bar?.clear() }
        let bytes: [UInt8]
        do {
            bytes = try context.runtime.readInput(path) { read, total in
                if let total, total > ProgressBar.threshold {
                    bar?.update("Reading", done: read, total: total)
                }
            }
        } catch {
            throw .input("cannot read \(name): \(error.reason)")
        }
        let document = try ImportDocument.params(from: bytes, name: name, format: try input[Self.format])
        let result: JSONValue
        do {
            result = try ImportUpload(context: context, bar: bar).run(document, options: options)
        } catch {
            if case .rpc(let refusal) = error, refusal.code == RPCErrorCode.invalidRequest {
                throw .refused(
                    refusal,
                    message: RPCErrorMessage.text(for: refusal)
                        + " A part of the file is too large for one request: raise placesd's max-line-bytes.")
            }
            throw CLIFailure(error, socketPath: context.socketPath)
        }
        bar?.clear()
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let imported = try context.decode(result, from: Method.importCommit.rawValue, ImportResult.decode)
        try context.write(summary(of: imported) + "\n")
    }

    /// `Imported 3 places.`, `Imported 3 places; replaced 1; skipped 2 (1 with an id in use, 1 duplicate).`,
    /// `Imported 41 places (3 skipped: 2 without coordinates, 1 LineString; dropped fields: colour, icon).`, or
    /// for a dry run `Dry run, nothing changed: would import 3 places; …`.
    static func summary(of result: ImportResult) -> String {
        func places(_ count: Int64) -> String { "\(count) \(count == 1 ? "place" : "places")" }
        let verbs = result.isDryRun ? ("would import", "replace", "skip") : ("Imported", "replaced", "skipped")
        var parts = ["\(verbs.0) " + places(result.added) + LeftOutText.parenthesis(result.omissions)]
        if result.replaced > 0 {
            parts.append("\(verbs.1) \(result.replaced)")
        }
        let skipped = result.skippedIDInUse + result.skippedDuplicates
        if skipped > 0 {
            var reasons: [String] = []
            if result.skippedIDInUse > 0 { reasons.append("\(result.skippedIDInUse) with an id in use") }
            if result.skippedDuplicates > 0 {
                reasons.append(
                    "\(result.skippedDuplicates) \(result.skippedDuplicates == 1 ? "duplicate" : "duplicates")")
            }
            parts.append("\(verbs.2) \(skipped) (\(reasons.joined(separator: ", ")))")
        }
        let text = parts.joined(separator: "; ") + "."
        return result.isDryRun ? "Dry run, nothing changed: " + text : text
    }
}
