import PlacesModel
import PlacesProtocol

/// Turns a GPX document's waypoints into the places of `places.import` (`ImportParams.GPXReader`).
///
/// A waypoint's `lat` and `lon` are its coordinates, `name` its name (the default when missing or blank),
/// `desc` its description (or `cmt` when it has no `desc`), with OsmAnd's `address` extension on a line after it.
/// `type` is the group an OsmAnd favourite is in, which becomes a tag (except `visited`, which marks the place
/// visited, as placesd's export wrote it before). placesd's `tag` extensions give its tags, and its `visitedAt`
/// (or OsmAnd's `visited_date`) the visit date, which makes it visited; placesd's `visited` extension marks a
/// place visited on an unknown date. GPX carries no place id: every waypoint becomes a new place. Tracks and
/// routes are skipped and reported as `trk` and `rte`, and the waypoints' other children and extensions as
/// dropped fields. Errors name the waypoint and what is wrong with it, `gpx.wpt[3].lat`, with the line it
/// starts on.
public enum GPXImport {
    /// The places of `document`, refusing more than `maximumPlaces` waypoints with -32006 and anything else that
    /// cannot become places with -32602.
    public static func places(from document: String, maximumPlaces: Int) throws(RPCError) -> [ImportedPlace] {
        try self.document(from: document, maximumPlaces: maximumPlaces).places
    }

    /// The places of `document` and what it left out, refusing more than `maximumPlaces` waypoints with -32006
    /// and anything else that cannot become places with -32602.
    public static func document(from document: String, maximumPlaces: Int) throws(RPCError) -> ImportedDocument {
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
        var result = ImportedDocument()
        result.places.reserveCapacity(contents.waypoints.count)
        for (index, waypoint) in contents.waypoints.enumerated() {
            result.places.append(try place(from: waypoint, field: "gpx.wpt[\(index)]"))
        }
        for line in contents.trackLines { result.omissions.skip(.geometry("trk"), at: "line \(line)") }
        for line in contents.routeLines { result.omissions.skip(.geometry("rte"), at: "line \(line)") }
        for field in contents.droppedFields { result.omissions.drop(field: field) }
        return result
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
        var description = waypoint.description ?? waypoint.comment ?? ""
        if let address = waypoint.address.map(trimmed), !address.isEmpty {
            description += description.isEmpty ? address : "\n" + address
        }
        let group = waypoint.type.map(trimmed) ?? ""
        let isVisitedType = group.lowercased() == ExportEncoding.visitedType
        let tags = waypoint.tags + (group.isEmpty || isVisitedType ? [] : [group])
        let ownDate = try date(waypoint.visitedAt, field: field + ".extensions.visitedAt", line: line)
        let osmandDate = try date(waypoint.visitedDate, field: field + ".extensions.visited_date", line: line)
        let visitedAt = ownDate ?? osmandDate
        let isVisited = isVisitedType || waypoint.visited.map { trimmed($0).lowercased() == "true" } ?? false
        do throws(ValidationError) {
            let draft = try PlaceDraft(
                name: name ?? PlaceRules.defaultName, description: description, latitude: latitude,
                longitude: longitude, isVisited: isVisited || visitedAt != nil, visitedAt: visitedAt, tags: tags)
            return ImportedPlace(id: nil, draft: draft)
        } catch {
            let element =
                switch PlaceField(text: error.field) {
                case .latitude: "lat"
                case .longitude: "lon"
                case .description: descriptionField
                case .tags: "extensions.tag"
                default:
                    // A tag's error, `tags[2]`, names the waypoint's third tag element, or its type after them.
                    error.field == "\(PlaceField.tags.text)[\(waypoint.tags.count)]"
                        ? "type"
                        : error.field.hasPrefix(PlaceField.tags.text + "[")
                            ? "extensions.tag" + error.field.dropFirst(PlaceField.tags.text.count) : error.field
                }
            throw invalid(field + "." + element, error.reason + line)
        }
    }

    /// A visit date's text as a timestamp, nil when there is none.
    private static func date(_ text: String?, field: String, line: String) throws(RPCError) -> Timestamp? {
        guard let text else { return nil }
        guard let date = Timestamp(rfc3339: trimmed(text)) else {
            throw invalid(field, "must be an RFC 3339 timestamp or a date such as \"2026-06-01\"" + line)
        }
        return date
    }

    /// A `lat` or `lon` attribute as a number: an optional sign, digits with an optional fraction and exponent
    /// (GPX writes decimals; exponents are read too), white space around it allowed.
    private static func coordinate(_ text: String?, field: String, line: String) throws(RPCError) -> Double {
        guard let text else { throw invalid(field, "is required" + line) }
        guard let value = DecimalText.double(text) else {
            let shown = text.count > 40 ? text.prefix(40) + "…" : text
            throw invalid(field, "must be a number, not '\(shown)'" + line)
        }
        return value
    }

    /// `text` without XML white space (space, tab, line feed, carriage return) around it.
    private static func trimmed(_ text: String) -> String {
        String(DecimalText.trimmed(text[...]))
    }

    private static func invalid(_ field: String, _ reason: String) -> RPCError {
        .invalidParams(ValidationError(field: field, reason: reason))
    }
}
