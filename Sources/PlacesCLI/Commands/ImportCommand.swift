import PlacesClient
import PlacesCommandLine
import PlacesProtocol

/// `placesctl import FILE|-`.
enum ImportCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "import",
        abstract: "Add the places from a JSON, GeoJSON or GPX file to your list.",
        discussion: """
            FILE may hold a JSON array of places (what 'placesctl export' writes), an object with a "places" \
            array, a GeoJSON FeatureCollection of Points, or GPX 1.0 or 1.1 (what GPS devices, phone apps and \
            'placesctl export --format gpx' write): each waypoint (wpt) becomes a place, with its name, its \
            description (desc, else cmt) and, when its type is "visited", visited; tracks and routes are not \
            read. GPX is UTF-8, or ISO 8859-1 when its XML declaration says so. All places are added or none. \
            Ids in JSON and GeoJSON are kept; GPX has none, so its places get new ones. On a terminal, files \
            over 1 MiB show a progress bar.
            """,
        arguments: [
            ArgumentDeclaration(
                name: "FILE", abstract: "The file to read, or - for standard input.", isRequired: true,
                completion: .fileOrStandardInput)
        ],
        handler: run
    )

    /// Reads the file, recognises its format, sends `places.import` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let path = input.argument(0) ?? "-"
        let name = path == "-" ? "standard input" : "'\(path)'"
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
        let params = try ImportDocument.params(from: bytes, name: name)
        let result = try call(params, context: context, bar: bar)
        bar?.clear()
        if context.isJSON {
            return try context.writeJSON(result)
        }
        guard let added = result["added"]?.numberValue?.integerValue else {
            throw .software("malformed reply from placesd: places.import returned no 'added' count")
        }
        try context.write("Imported \(added) \(added == 1 ? "place" : "places").\n")
    }

    /// Sends `places.import`, showing its progress on `bar`; a request over the daemon's line limit gets a hint.
    private static func call(
        _ params: ImportParams.Document, context: CommandContext, bar: ProgressBar?
    ) throws(CLIFailure) -> JSONValue {
        let progress: ((Int, Int) -> Void)? = bar.map { bar in
            { sent, total in
                guard total > ProgressBar.threshold else { return }
                if sent < total {
                    bar.update("Sending", done: sent, total: total)
                } else {
                    bar.show("Waiting for placesd to import \(ProgressBar.mebibytes(total)) MiB…")
                }
            }
        }
        do {
            return try context.callReportingClientErrors(params, progress: progress)
        } catch {
            if case .rpc(let refusal) = error, refusal.code == RPCErrorCode.invalidRequest {
                throw .refused(
                    refusal,
                    message: RPCErrorMessage.text(for: refusal)
                        + " The file is too large for one request: split it, or raise placesd's max-line-bytes.")
            }
            throw CLIFailure(error, socketPath: context.socketPath)
        }
    }
}
