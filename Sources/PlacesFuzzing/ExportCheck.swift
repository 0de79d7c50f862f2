import PlacesModel
import PlacesProtocol

/// Exports places in every format and imports the JSON and GeoJSON documents again: the same places come back.
enum ExportCheck {
    /// Checks the three export formats for `places`.
    static func check(_ places: [Place], includeOwner: Bool) throws(FuzzViolation) {
        var expected: [ImportedPlace] = []
        for place in places {
            expected.append(ImportedPlace(id: place.id, draft: try PlaceSample.draft(of: place)))
        }
        for format in ExportFormat.allCases {
            var out = JSONWriter()
            ExportResult.write(format: format, places: places, includeOwner: includeOwner, to: &out)
            let result = try PlaceEncodingCheck.parse(out.bytes, what: "an export")
            try require(
                result[ExportResult.Key.format.description] == .string(format.rawValue), "export.format",
                "the result names another format")
            guard let document = try? ExportResult.decode(result).document else {
                throw FuzzViolation(check: "export.document", detail: "the result has no document")
            }
            switch format {
            case .json:
                let elements = document.arrayValue ?? []
                try require(elements.count == places.count, "export.json", "\(elements.count) elements written")
                for (element, place) in zip(elements, places) {
                    try PlaceEncodingCheck.checkDecoded(element, place: place, includeOwner: includeOwner)
                }
                try checkImport(key: ImportParams.placesKey, document: document, expected: expected)
            case .geojson:
                try checkImport(key: ImportParams.geojsonKey, document: document, expected: expected)
            case .gpx:
                let gpx = ExportEncoding.gpx(places)
                try require(
                    document.stringValue.map { Array($0.utf8) } == gpx, "export.gpxString",
                    "the gpx document is not the GPX text as a string")
                try GPXCheck.check(gpx, places: places)
            case .csv, .kml, .kmz:
                // Written by their own encoders (KML and KMZ outside this module), which their tests check.
                break
            }
        }
    }

    /// Importing the exported document gives the exported places, ids included.
    private static func checkImport(key: String, document: JSONValue, expected: [ImportedPlace]) throws(FuzzViolation) {
        let imported: ImportParams
        do throws(RPCError) {
            imported = try ImportParams.decode(JSONObject([(key: key, value: document)]))
        } catch {
            throw FuzzViolation(check: "export.reimport", detail: "importing the \(key) export fails: \(error)")
        }
        try require(
            imported.places == expected, "export.reimport",
            "importing the \(key) export gives other places")
    }
}
