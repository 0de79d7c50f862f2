import PlacesModel
import PlacesProtocol

/// Turns a GPX document's waypoints into the places of `places.import` (`ImportParams.GPXReader`).
///
/// A waypoint's `lat` and `lon` are its coordinates, `name` its name (the default when missing or blank),
/// `desc` its description (or `cmt` when it has no `desc`), `type` `visited` marks it visited, and placesd's
/// `tag` and `visitedAt` extensions give its tags and visit date, which is what `places.export` writes. GPX carries no place id: every waypoint becomes a new place. Errors name the
/// waypoint and what is wrong with it, `gpx.wpt[3].lat`, with the line it starts on.
public enum GPXImport {
    /// The places of `document`, refusing more than `maximumPlaces` waypoints with -32006 and anything else that
    /// cannot become places with -32602.
    public static func places(from document: String, maximumPlaces: Int) throws(RPCError) -> [ImportedPlace] {
        let contents: GPXContents
        do throws(GPXError) {
            contents = try GPXReader.read(document, maximumWaypoints: maximumPlaces)
        } catch {
            if case .tooManyWaypoints(let limit) = error {
                throw .limitReached(
                    "The GPX document has more than \(limit) waypoints; one import may add at most \(limit) "
                        + "(max-import-places), so nothing was imported")
            }
            throw invalid("gpx", error.reason)
        }
        guard !contents.waypoints.isEmpty else {
            throw invalid("gpx", noWaypoints(tracks: contents.trackCount, routes: contents.routeCount))
        }
        var places: [ImportedPlace] = []
        places.reserveCapacity(contents.waypoints.count)
        for (index, waypoint) in contents.waypoints.enumerated() {
            places.append(try place(from: waypoint, field: "gpx.wpt[\(index)]"))
        }
        return places
    }

    /// The reason a document without waypoints is refused, naming what it holds instead.
    static func noWaypoints(tracks: Int, routes: Int) -> String {
        var held: [String] = []
        if tracks > 0 { held.append(tracks == 1 ? "1 track (trk)" : "\(tracks) tracks (trk)") }
        if routes > 0 { held.append(routes == 1 ? "1 route (rte)" : "\(routes) routes (rte)") }
        guard !held.isEmpty else { return "has no waypoints (wpt) to import" }
        return "has no waypoints (wpt) to import, only \(held.joined(separator: " and ")), which places.import "
            + "does not read"
    }

    private static func place(from waypoint: GPXWaypoint, field: String) throws(RPCError) -> ImportedPlace {
        let line = " (line \(waypoint.line))"
        let latitude = try coordinate(waypoint.latitude, field: field + ".lat", line: line)
        let longitude = try coordinate(waypoint.longitude, field: field + ".lon", line: line)
        let name = waypoint.name.flatMap { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? nil : $0 }
        let descriptionField = waypoint.description == nil && waypoint.comment != nil ? "cmt" : "desc"
        let isVisited = waypoint.type.map { trimmed($0).lowercased() == ExportEncoding.visitedType } ?? false
        var visitedAt: Timestamp?
        if let text = waypoint.visitedAt {
            guard let date = Timestamp(rfc3339: trimmed(text)) else {
                throw invalid(
                    field + ".extensions.visitedAt",
                    "must be an RFC 3339 timestamp or a date such as \"2026-06-01\"" + line)
            }
            visitedAt = date
        }
        do throws(ValidationError) {
            let draft = try PlaceDraft(
                name: name ?? PlaceRules.defaultName, description: waypoint.description ?? waypoint.comment ?? "",
                latitude: latitude, longitude: longitude, isVisited: isVisited || visitedAt != nil,
                visitedAt: visitedAt, tags: waypoint.tags)
            return ImportedPlace(id: nil, draft: draft)
        } catch {
            let element =
                switch PlaceField(text: error.field) {
                case .latitude: "lat"
                case .longitude: "lon"
                case .description: descriptionField
                case .tags: "extensions.tag"
                default:
                    // A tag's error, `tags[2]`, names the waypoint's third tag element.
                    error.field.hasPrefix(PlaceField.tags.text + "[")
                        ? "extensions.tag" + error.field.dropFirst(PlaceField.tags.text.count) : error.field
                }
            throw invalid(field + "." + element, error.reason + line)
        }
    }

    /// A `lat` or `lon` attribute as a number: an optional sign, digits with an optional fraction and exponent
    /// (GPX writes decimals; exponents are read too), white space around it allowed.
    private static func coordinate(_ text: String?, field: String, line: String) throws(RPCError) -> Double {
        guard let text else { throw invalid(field, "is required" + line) }
        let number = trimmed(text)
        guard isDecimal(number), let value = Double(number.hasPrefix("+") ? String(number.dropFirst()) : number)
        else {
            let shown = text.count > 40 ? text.prefix(40) + "…" : text
            throw invalid(field, "must be a number, not '\(shown)'" + line)
        }
        return value
    }

    /// Whether `text` is `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
    private static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let whole = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(whole.count)
        var fraction = bytes.prefix(0)
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: isDigit)
            bytes = bytes.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if let exponent = bytes.first, exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            let digits = bytes.prefix(while: isDigit)
            guard !digits.isEmpty else { return false }
            bytes = bytes.dropFirst(digits.count)
        }
        return bytes.isEmpty
    }

    /// `text` without XML white space (space, tab, line feed, carriage return) around it.
    private static func trimmed(_ text: String) -> String {
        let isSpace = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }

    private static func invalid(_ field: String, _ reason: String) -> RPCError {
        .invalidParams(ValidationError(field: field, reason: reason))
    }
}
