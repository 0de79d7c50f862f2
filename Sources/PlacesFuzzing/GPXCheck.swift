import PlacesGPX
import PlacesModel
import PlacesProtocol

/// Reads a GPX export back, simply: one waypoint per place, in order, whose coordinates, name and description
/// unescape to the place's own (characters XML cannot carry replaced by U+FFFD), and only XML characters; then
/// with the importer, which must give back the same names, descriptions, coordinates and visited flags.
enum GPXCheck {
    /// Checks the GPX text written for `places`.
    static func check(_ document: [UInt8], places: [Place]) throws(FuzzViolation) {
        guard let text = String(validating: document, as: UTF8.self) else {
            throw FuzzViolation(check: "gpx.utf8", detail: "the GPX text is not UTF-8")
        }
        try require(text.unicodeScalars.allSatisfy(isXMLCharacter), "gpx.characters", "a character XML refuses")
        var cursor = 0
        for place in places {
            let waypoint = try span(document, "<wpt lat=\"", "</wpt>", in: cursor..<document.count)
            cursor = waypoint.next
            let end = waypoint.content.upperBound
            let latitude = try span(document, "", "\" lon=\"", in: waypoint.content)
            let longitude = try span(document, "", "\">", in: latitude.next..<end)
            try require(
                Double(String(decoding: document[latitude.content], as: UTF8.self)) == place.coordinate.latitude
                    && Double(String(decoding: document[longitude.content], as: UTF8.self))
                        == place.coordinate.longitude,
                "gpx.coordinates", "a waypoint's coordinates are not the place's")
            let name = try span(document, "<name>", "</name>", in: longitude.next..<end)
            try require(
                try unescape(document[name.content]) == carried(place.name), "gpx.name",
                "a waypoint's name is not the place's")
            if place.description.isEmpty {
                try require(
                    find("<desc>", in: document, name.next..<end) == nil, "gpx.description",
                    "an empty description was written")
            } else {
                let description = try span(document, "<desc>", "</desc>", in: name.next..<end)
                try require(
                    try unescape(document[description.content]) == carried(place.description), "gpx.description",
                    "a waypoint's description is not the place's")
            }
        }
        try require(find("<wpt", in: document, cursor..<document.count) == nil, "gpx.count", "more waypoints")
        try checkImport(String(decoding: document, as: UTF8.self), places: places)
    }

    /// `places.import` of the export gives the places back: their names, descriptions (as XML carries them),
    /// coordinates and visited flags, in order, with new ids. An export of no places is refused for having no
    /// waypoints.
    private static func checkImport(_ text: String, places: [Place]) throws(FuzzViolation) {
        let imported: [ImportedPlace]
        do throws(RPCError) {
            imported = try GPXImport.places(from: text, maximumPlaces: places.count)
        } catch {
            try require(
                places.isEmpty && error.code == RPCErrorCode.invalidParams, "gpx.reimport",
                "importing the GPX export fails: \(error)")
            return
        }
        try require(imported.count == places.count, "gpx.reimport", "\(imported.count) places came back")
        for (back, place) in zip(imported, places) {
            let draft = back.draft
            try require(
                back.id == nil && draft.coordinate == place.coordinate && draft.isVisited == place.isVisited
                    && draft.name.unicodeScalars.elementsEqual(carried(place.name))
                    && draft.description.unicodeScalars.elementsEqual(carried(place.description)),
                "gpx.reimport", "importing the GPX export gives another place than \(place.id)")
        }
    }

    /// Reads any bytes as a GPX document given to `places.import`: the reader stops or refuses without
    /// crashing, a refusal is -32602 for `gpx…` or -32006, and what it accepts obeys the place rules.
    static func checkDocument(_ data: UnsafeRawBufferPointer, maximumPlaces: Int) throws(FuzzViolation) {
        let text = String(decoding: data, as: UTF8.self)
        let places: [ImportedPlace]
        do throws(RPCError) {
            places = try GPXImport.places(from: text, maximumPlaces: maximumPlaces)
        } catch {
            guard error.code == RPCErrorCode.invalidParams else {
                try require(
                    error.code == RPCErrorCode.limitReached, "gpx.code", "the GPX importer threw \(error.code)")
                return
            }
            let field = error.data?["field"]?.stringValue ?? ""
            try require(field == "gpx" || field.hasPrefix("gpx.wpt["), "gpx.field", "refused naming \(field)")
            try ParamsCheck.checkError(error, params: nil, nested: true)
            return
        }
        try require(
            !places.isEmpty && places.count <= maximumPlaces, "gpx.count", "\(places.count) places were read")
        for place in places {
            try require(place.id == nil, "gpx.id", "a GPX place kept an id")
            try PlaceFieldsCheck.check(place.draft)
        }
    }

    /// The bytes between `open` and the next `close` within `range`, and where the bytes after `close` start.
    private static func span(
        _ bytes: [UInt8],
        _ open: String,
        _ close: String,
        in range: Range<Int>
    ) throws(FuzzViolation) -> (content: Range<Int>, next: Int) {
        guard let start = find(open, in: bytes, range),
            let end = find(close, in: bytes, (start + open.utf8.count)..<range.upperBound)
        else {
            throw FuzzViolation(check: "gpx.structure", detail: "no \(open)…\(close) where one belongs")
        }
        return ((start + open.utf8.count)..<end, end + close.utf8.count)
    }

    /// Where `needle` first starts within `range` of `bytes`.
    private static func find(_ needle: String, in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        let pattern = Array(needle.utf8)
        var index = range.lowerBound
        while index + pattern.count <= range.upperBound {
            if bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// Text content with the five predefined entities resolved; a raw `<` or `>`, or another `&`, is refused.
    private static func unescape(_ bytes: ArraySlice<UInt8>) throws(FuzzViolation) -> [Unicode.Scalar] {
        let input = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        let entities: [([Unicode.Scalar], Unicode.Scalar)] = [
            (Array("&amp;".unicodeScalars), "&"), (Array("&lt;".unicodeScalars), "<"),
            (Array("&gt;".unicodeScalars), ">"), (Array("&quot;".unicodeScalars), "\""),
            (Array("&apos;".unicodeScalars), "'"), (Array("&#13;".unicodeScalars), "\r"),
        ]
        var scalars: [Unicode.Scalar] = []
        var index = 0
        while index < input.count {
            let scalar = input[index]
            if scalar == "&" {
                guard let entity = entities.first(where: { input[index...].starts(with: $0.0) }) else {
                    throw FuzzViolation(check: "gpx.escape", detail: "a bare '&' in text")
                }
                scalars.append(entity.1)
                index += entity.0.count
                continue
            }
            try require(scalar != "<" && scalar != ">", "gpx.escape", "a bare '\(scalar)' in text")
            try require(scalar != "\r", "gpx.escape", "a bare carriage return, which a reader turns into a line feed")
            scalars.append(scalar)
            index += 1
        }
        return scalars
    }

    /// The scalars of `text` as XML carries them: those XML 1.0 cannot hold become U+FFFD.
    private static func carried(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.map { isXMLCharacter($0) ? $0 : "\u{FFFD}" }
    }

    /// XML 1.0's `Char` production.
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
