import PlacesModel
import PlacesProtocol

extension OpenRPCDocument {
    /// The description of `places.import` and of the staged import's methods.
    static func describeImport(_ method: Method) -> JSONValue {
        let token = param(
            ImportAddParams.tokenKey, ["type": "string"], required: true, "The token places.import.begin returned.")
        switch method {
        case .importBegin:
            return Self.method(
                method,
                "Begins a staged import on this connection: its places come in parts (places.import.add), each under "
                    + "the line limit, and are committed once (places.import.commit), all or nothing. Dropped with "
                    + "the connection; at most \(ImportStaging.importsPerUser) at a time per user.",
                params: [], result: result("staged", ImportBeginResult.schema), errors: ["LimitReached"])
        case .importAdd:
            return Self.method(
                method,
                "Adds a part of a staged import's places, validated as places.import validates them (errors name a "
                    + "place by its index in the whole import), or the next piece of a document's text (text with its "
                    + "format), joined to the pieces before it and read at the commit; a refused part leaves the import "
                    + "as it was.",
                params: [token] + documentParams + [
                    param(
                        ImportAddParams.textKey, ["type": "string"],
                        "The next piece of one document too large for a request line, instead of places, geojson, gpx, "
                            + "kml, csv or kmz: its text, or for kmz its base64 cut anywhere; at most "
                            + "\(ImportStaging.textBytesPerPlace) bytes per place max-import-places allows are held per "
                            + "user."),
                    param(
                        ImportAddParams.formatKey,
                        ["enum": .array(ImportTextFormat.allCases.map { .string($0.rawValue) })],
                        "The format of the pieces of text, the same for every piece of an import (gpx when not given)."),
                    param(
                        ImportAddParams.gpxTextKey, ["type": "string"],
                        "A piece of GPX text, as text with the format gpx (what earlier clients send)."),
                ], result: result("staged", StagedImportResult.schema),
                errors: ["LimitReached"])
        case .importCommit:
            return Self.method(
                method,
                "Imports a staged import's places in one transaction, all or nothing, and ends it (a dry run too).",
                params: [token] + optionParams, result: result("imported", ImportResult.schema), errors: importErrors)
        case .importAbort:
            return Self.method(
                method, "Drops a staged import and the places it holds.", params: [token],
                result: result("dropped", StagedImportResult.schema))
        default:
            return Self.method(
                method,
                "Adds many places in one transaction: all or nothing. Give exactly one of places, geojson, gpx, kml, "
                    + "csv and kmz; a document over the line limit goes through places.import.begin instead. The "
                    + "result's leftOut says what the document held that did not become a place (by reason, with "
                    + "where) or a field of one (droppedFields).",
                params: documentParams + optionParams, result: result("imported", ImportResult.schema),
                errors: importErrors)
        }
    }

    /// The errors an import's commit can end in.
    private static let importErrors = ["Conflict", "LimitReached", "StorageFailure", "OutcomeUnknown", "Locked"]

    /// The params that carry an import's places, one of which is given.
    private static let documentParams = [
        param(
            ImportParams.placesKey, ["type": "array", "items": ["type": "object"]],
            "Places as places.export json writes them."),
        param(ImportParams.geojsonKey, ["type": "object"], "A GeoJSON FeatureCollection of Points."),
        param(
            ImportParams.gpxKey, ["type": "string"],
            "A GPX 1.0 or 1.1 document: each wpt becomes a place (name, desc or else cmt, type visited, OsmAnd's "
                + "group and visit date)."),
        param(
            ImportTextFormat.kml.rawValue, ["type": "string"],
            "A KML 2.2 document: each Placemark with a Point becomes a place; Folder names become tags."),
        param(
            ImportTextFormat.csv.rawValue, ["type": "string"],
            "CSV (RFC 4180) with a header row naming its columns: name, latitude, longitude and others."),
        param(
            ImportTextFormat.kmz.rawValue, ["type": "string"],
            "A KMZ archive (a zipped KML document: doc.kml or its first .kml entry) as base64 (RFC 4648)."),
    ]

    /// The import's options.
    private static let optionParams = [
        param(
            ImportOptions.onConflictKey, ["type": "string", "enum": ["fail", "skip", "replace"]],
            "For an id in use: refuse the whole import (fail, the default), leave the place out (skip), or give "
                + "your place with that id the imported fields (replace)."),
        param(
            ImportOptions.skipDuplicatesKey, ["type": "boolean"],
            "Leave out places without an id whose name (case-folded) and position (within "
                + "\(Int(DuplicateRule.radius)) m) match one of yours or an earlier one of the import."),
        param(
            ImportOptions.dryRunKey, ["type": "boolean"], "Report what the import would do and change nothing."),
    ]
}
