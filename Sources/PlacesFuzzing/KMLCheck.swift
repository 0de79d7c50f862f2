import PlacesFormats
import PlacesModel
import PlacesProtocol

/// Reads any bytes as the KML and KMZ documents `places.import` reads, and checks that the KML export of the
/// places that decoded reads back to the same places.
enum KMLCheck {
    /// Reads `data` as KML and as KMZ: each reader stops or refuses without crashing, a refusal is -32602 naming
    /// the document (`kml`, `kml.Placemark[N]…`, `kmz`, `kmz[entry]…`) or -32006, and what it accepts obeys the
    /// place rules.
    static func checkDocument(_ data: UnsafeRawBufferPointer, maximumPlaces: Int) throws(FuzzViolation) {
        for format in ["kml", "kmz"] {
            let document: ImportedDocument
            do throws(RPCError) {
                document =
                    format == "kml"
                    ? try KMLImport.document(from: data, maximumPlaces: maximumPlaces)
                    : try KMZImport.document(from: data, maximumPlaces: maximumPlaces)
            } catch {
                guard error.code == RPCErrorCode.invalidParams else {
                    try require(
                        error.code == RPCErrorCode.limitReached, "\(format).code",
                        "the \(format) importer threw \(error.code)")
                    continue
                }
                let field = error.data?["field"]?.stringValue ?? ""
                try require(
                    field == format || field.hasPrefix(format + ".") || field.hasPrefix(format + "["),
                    "\(format).field", "refused naming \(field)")
                try ParamsCheck.checkError(error, params: nil, nested: true)
                continue
            }
            try require(
                document.places.count <= maximumPlaces, "\(format).count", "\(document.places.count) places were read")
            for place in document.places { try PlaceFieldsCheck.check(place.draft) }
        }
    }

    /// The KML export of `places`, flat and grouped by tag, reads back to the same ids, names, descriptions,
    /// coordinates, visited states, visit dates and tags (characters XML cannot carry replaced by U+FFFD).
    static func checkExport(_ places: [Place]) throws(FuzzViolation) {
        for groupByTag in [false, true] {
            let kml = KMLExport.kml(places, groupByTag: groupByTag)
            let result = kml.withUnsafeBytes { bytes in
                Result { () throws(RPCError) in
                    try KMLImport.document(from: bytes, maximumPlaces: places.count)
                }
            }
            guard case .success(let document) = result else {
                throw FuzzViolation(check: "kml.reimport", detail: "importing the KML export fails: \(result)")
            }
            try require(document.places.count == places.count, "kml.count", "\(document.places.count) came back")
            let byID = Dictionary(places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for back in document.places {
                guard let id = back.id, let place = byID[id] else {
                    throw FuzzViolation(check: "kml.id", detail: "a place came back without its id")
                }
                let draft = back.draft
                try require(
                    draft.coordinate == place.coordinate && draft.isVisited == place.isVisited
                        && draft.visitedAt == place.visitedAt && carried(draft.name) == carried(place.name)
                        && carried(draft.description) == carried(place.description)
                        && Set(draft.tags.map(carried)) == Set(place.tags.map(carried)),
                    "kml.reimport", "importing the KML export gives another place than \(place.id)")
            }
        }
    }

    /// The scalars of `text` as XML carries them: those XML 1.0 cannot hold become U+FFFD.
    private static func carried(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: scalar
            default: "\u{FFFD}"
            }
        }
    }
}
