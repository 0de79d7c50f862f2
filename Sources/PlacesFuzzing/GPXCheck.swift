import PlacesModel

/// Reads a GPX export back, simply: one waypoint per place, in order, whose coordinates, name and description
/// unescape to the place's own (characters XML cannot carry replaced by U+FFFD), and only XML characters.
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
            (Array("&apos;".unicodeScalars), "'"),
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
