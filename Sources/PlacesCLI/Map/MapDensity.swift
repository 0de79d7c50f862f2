import PlacesMap
import PlacesModel
import PlacesProtocol

/// `places.density` as the map asks it: the params for a view's grid with the map's filters, and the cells of
/// the reply.
enum MapDensity {
    /// The method's name on the wire.
    static let method = "places.density"

    /// The params: the view's box and grid, the filters of `selection` (its box is not sent: the view's is) and
    /// how many of the nearest places each cell names.
    static func params(_ view: MapView, selection: PlaceSelection, labels: Int) -> JSONValue {
        let box = view.bbox
        var edges = ParamsWriter()
        for (name, value) in zip(BoundingBox.memberNames, [box.south, box.west, box.north, box.east]) {
            edges.add(name, number: value)
        }
        var writer = ParamsWriter()
        writer.add("bbox", .object(edges.object))
        writer.add("columns", integer: view.columns)
        writer.add("rows", integer: view.rows)
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
                return MapLabel(
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
                labels: nearest)
        }
    }
}
