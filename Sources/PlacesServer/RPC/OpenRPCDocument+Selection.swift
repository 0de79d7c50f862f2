import PlacesModel
import PlacesProtocol

/// The params of the methods that sort and filter (`places.list`, `places.near`), of `places.density` and of
/// `places.resolve`.
extension OpenRPCDocument {
    /// `sort`, `order`, `visited`, `query`, `tag` and `bbox`.
    static func selectionParams(defaultSort: PlaceSort) -> [JSONValue] {
        [
            param(
                "sort", ["type": "string", "enum": .array(PlaceSort.allCases.map { .string($0.text) })],
                "The order: position (your own), name (case and accents ignored), createdAt, updatedAt, visitedAt "
                    + "(places without a visit date last) or distance; ties by id. Default \(defaultSort.text)."),
            param("order", ["type": "string", "enum": ["asc", "desc"]], "asc (default) or desc."),
        ] + filterParams + [
            param("bbox", boxSchema, "Only places in this box; west greater than east crosses the antimeridian.")
        ]
    }

    /// `visited`, `query` and `tag`: the filters `places.density` shares with `places.list`.
    static var filterParams: [JSONValue] {
        [
            param(PlaceField.visited.text, ["type": "boolean"], "Only visited, or only unvisited, places."),
            param("query", ["type": "string"], "Text in the name, description or a tag, case and accents ignored."),
            param(
                PlaceSelection.tagKey,
                ["oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]],
                "Only places holding this tag, or every one of these tags (ignoring case and accents)."),
        ]
    }

    /// A `bbox`: its south, west, north and east edges.
    static var boxSchema: JSONValue {
        let latitude: JSONValue = ["type": "number", "minimum": -90, "maximum": 90]
        let longitude: JSONValue = ["type": "number", "minimum": -180, "maximum": 180]
        return [
            "type": "object", "required": ["south", "west", "north", "east"],
            "properties": ["south": latitude, "west": longitude, "north": latitude, "east": longitude],
        ]
    }

    /// The grid of `places.density`: `bbox` (required), `columns`, `rows` and `labels`.
    static var densityParams: [JSONValue] {
        let side: JSONValue = [
            "type": "integer", "minimum": 1, "maximum": .number(JSONNumber(DensityGrid.maximumSide)),
        ]
        return [
            param(
                "bbox", boxSchema, required: true,
                "The box the grid covers, edges included: south below north, west and east apart; west greater "
                    + "than east crosses the antimeridian."),
            param(
                "columns", side, required: true,
                "Columns, west to east, of equal steps of longitude; columns × rows at most "
                    + "\(DensityGrid.maximumCells)."),
            param("rows", side, required: true, "Rows, north (row 0) to south, of equal steps of latitude."),
            param(
                "labels",
                ["type": "integer", "minimum": 0, "maximum": .number(JSONNumber(DensityParams.maximumLabels))],
                "Places nearest to each cell's centre to list, default \(DensityParams.defaultLabels); labels × "
                    + "cells at most \(DensityParams.maximumLabelSlots)."),
        ]
    }

    /// The point of `sort: distance` and the paging of `places.list`.
    static var listParams: [JSONValue] {
        [
            param("point", ref("Point"), "Where distances are measured from, for sort distance."),
            param("from", ref("PlaceID"), "The place distances are measured from, for sort distance."),
            param("after", ref("PlaceID"), "Start after this place: the last one of the previous page."),
            param("offset", ["type": "integer", "minimum": 0], "Matches to skip (after 'after'); default 0."),
            param("limit", ["type": "integer", "minimum": 0], "At most this many; default all."),
        ]
    }

    /// The point or place of `places.near`, its radius and limit.
    static var nearParams: [JSONValue] {
        [
            param(PlaceField.latitude.text, ref("Latitude"), "The point's latitude (unless from is given)."),
            param(PlaceField.longitude.text, ref("Longitude"), "The point's longitude (unless from is given)."),
            param("from", ref("PlaceID"), "Measure from this place instead of a point; it is left out."),
            param("radius", ["type": "number", "minimum": 0], "Only places within this many metres."),
            param("limit", ["type": "integer", "minimum": 0], "At most this many; default 10."),
        ]
    }

    /// `ref` and `limit`.
    static var resolveParams: [JSONValue] {
        [
            param(
                "ref", ["type": "string"], required: true, "A name, the beginning of one, or 4+ hex digits of an id."),
            param(
                "limit", ["type": "integer", "minimum": 1, "maximum": .number(JSONNumber(ResolveParams.maximumLimit))],
                "At most this many candidates; default 10."),
        ]
    }
}
