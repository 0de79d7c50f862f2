import PlacesModel
import PlacesProtocol

/// `places.density` as the map asks it: the params for a grid over a box with the map's filters, and the cells of
/// the reply.
enum MapDensity {
    /// The method's name on the wire.
    static let method = "places.density"

    /// The params: the box, the grid's size, the filters of `selection` (its box is not sent: `box` is the grid's)
    /// and how many of the nearest places each cell names.
    static func params(
        box: BoundingBox, columns: Int, rows: Int, selection: PlaceSelection, labels: Int
    ) -> JSONValue {
        var edges = ParamsWriter()
        for (name, value) in zip(BoundingBox.memberNames, [box.south, box.west, box.north, box.east]) {
            edges.add(name, number: value)
        }
        var writer = ParamsWriter()
        writer.add("bbox", .object(edges.object))
        writer.add("columns", integer: columns)
        writer.add("rows", integer: rows)
        writer.add("visited", bool: selection.visited)
        writer.add("query", string: selection.query)
        writer.add("tag", selection.tags.isEmpty ? nil : .array(selection.tags.map { .string($0) }))
        writer.add("labels", integer: labels)
        return .object(writer.object)
    }

    /// The non-empty cells of a reply (`{"cells": [...]}`).
    static func cells(_ result: JSONValue) throws(ReplyError) -> [MapCell] {
        try ReplyReader.each(ReplyReader(result).array("cells")) { (value) throws(ReplyError) in
            let cell = try ReplyReader(value)
            let nearest = try ReplyReader.each(cell.value("nearest")?.arrayValue ?? []) { (value) throws(ReplyError) in
                let label = try ReplyReader(value)
                return MapCell.Label(
                    id: try label.required("id", "string", label.string),
                    name: try label.required("name", "string", label.string),
                    coordinate: Coordinate(
                        latitude: try label.required("latitude", "number", label.double),
                        longitude: try label.required("longitude", "number", label.double)),
                    isVisited: label.bool("visited") ?? false)
            }
            return MapCell(
                column: Int(try cell.required("column", "integer", cell.integer)),
                row: Int(try cell.required("row", "integer", cell.integer)),
                visited: Int(try cell.required("visited", "integer", cell.integer)),
                unvisited: Int(try cell.required("unvisited", "integer", cell.integer)),
                nearest: nearest)
        }
    }
}
