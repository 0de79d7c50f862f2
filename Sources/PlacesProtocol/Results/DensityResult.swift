import PlacesModel

/// The result of `places.density`: `{"cells": [{"column", "row", "visited", "unvisited", "nearest": [{"id", "name",
/// "latitude", "longitude", "visited"}, …]}, …], "visited": N, "unvisited": N, "revision": R}`, listing only the cells
/// that hold a place, row by row from the north (row 0) and west to east (column 0) within a row.
public struct DensityResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The cells that hold a place.
        public static let cells: StaticString = "cells"
        /// A cell's column, 0 the westernmost.
        public static let column: StaticString = "column"
        /// A cell's row, 0 the northernmost.
        public static let row: StaticString = "row"
        /// A cell's visited places (the whole box's, at the top level).
        public static let visited: StaticString = PlaceField.visited.key
        /// A cell's unvisited places (the whole box's, at the top level).
        public static let unvisited: StaticString = "unvisited"
        /// A cell's places nearest to its centre, nearest first.
        public static let nearest: StaticString = "nearest"
        /// The caller's revision the places were counted at.
        public static let revision: StaticString = "revision"
        /// A listed place's id.
        public static let id: StaticString = PlaceField.id.key
        /// A listed place's name.
        public static let name: StaticString = PlaceField.name.key
        /// A listed place's latitude.
        public static let latitude: StaticString = PlaceField.latitude.key
        /// A listed place's longitude.
        public static let longitude: StaticString = PlaceField.longitude.key
    }

    /// A place listed for a cell: what a label needs.
    public struct Label: Sendable, Hashable {
        /// The place's id.
        public let id: PlaceID
        /// Its name.
        public let name: String
        /// Where it is.
        public let coordinate: Coordinate
        /// Whether it is visited.
        public let isVisited: Bool

        /// A label.
        public init(id: PlaceID, name: String, coordinate: Coordinate, isVisited: Bool) {
            self.id = id
            self.name = name
            self.coordinate = coordinate
            self.isVisited = isVisited
        }
    }

    /// A cell that holds at least one place.
    public struct Cell: Sendable, Hashable {
        /// The column, 0 the westernmost.
        public let column: Int
        /// The row, 0 the northernmost.
        public let row: Int
        /// The visited places in the cell.
        public let visited: Int
        /// The unvisited places in the cell.
        public let unvisited: Int
        /// The places nearest to the cell's centre, nearest first.
        public let nearest: [Label]

        /// A cell.
        public init(column: Int, row: Int, visited: Int, unvisited: Int, nearest: [Label]) {
            self.column = column
            self.row = row
            self.visited = visited
            self.unvisited = unvisited
            self.nearest = nearest
        }
    }

    /// The cells that hold a place, row by row from the north, west to east within a row.
    public let cells: [Cell]
    /// The visited places in the box.
    public let visited: Int
    /// The unvisited places in the box.
    public let unvisited: Int
    /// The revision the places were counted at.
    public let revision: Int64

    /// A result.
    public init(cells: [Cell], visited: Int, unvisited: Int, revision: Int64) {
        self.cells = cells
        self.visited = visited
        self.unvisited = unvisited
        self.revision = revision
    }

    /// A cell's counts as the writer takes them: column, row, visited, unvisited.
    public typealias CellCounts = (column: Int, row: Int, visited: Int, unvisited: Int)

    /// Writes the result; `writeCells` writes the cells in order, each with `writeCell(_:isFirst:to:)`, its labels
    /// with `writeLabel(_:isFirst:to:)` and `endCell(to:)`.
    public static func write(
        visited: Int, unvisited: Int, revision: Int64, to out: inout JSONWriter,
        cells writeCells: (inout JSONWriter) -> Void
    ) {
        out.beginObject()
        out.writeMember(Key.cells, first: true)
        out.beginArray()
        writeCells(&out)
        out.endArray()
        out.writeMember(Key.visited, integer: Int64(visited))
        out.writeMember(Key.unvisited, integer: Int64(unvisited))
        out.writeMember(Key.revision, integer: revision)
        out.endObject()
    }

    /// Begins a cell's object, up to its `nearest` array's opening bracket.
    public static func writeCell(_ cell: CellCounts, isFirst: Bool, to out: inout JSONWriter) {
        if !isFirst { out.comma() }
        out.beginObject()
        out.writeMember(Key.column, first: true, integer: Int64(cell.column))
        out.writeMember(Key.row, integer: Int64(cell.row))
        out.writeMember(Key.visited, integer: Int64(cell.visited))
        out.writeMember(Key.unvisited, integer: Int64(cell.unvisited))
        out.writeMember(Key.nearest)
        out.beginArray()
    }

    /// Writes one of a cell's nearest places: the members a label needs.
    public static func writeLabel(_ place: Place, isFirst: Bool, to out: inout JSONWriter) {
        writeLabel(
            Label(id: place.id, name: place.name, coordinate: place.coordinate, isVisited: place.isVisited),
            isFirst: isFirst, to: &out)
    }

    /// Writes one of a cell's nearest places' label.
    public static func writeLabel(_ label: Label, isFirst: Bool, to out: inout JSONWriter) {
        if !isFirst { out.comma() }
        out.beginObject()
        out.writeMember(Key.id, first: true)
        out.writePlaceID(label.id)
        out.writeMember(Key.name)
        out.writeString(label.name)
        out.writeMember(Key.latitude)
        out.writeDouble(label.coordinate.latitude)
        out.writeMember(Key.longitude)
        out.writeDouble(label.coordinate.longitude)
        out.writeMember(Key.visited)
        out.writeBool(label.isVisited)
        out.endObject()
    }

    /// Ends a cell's object.
    public static func endCell(to out: inout JSONWriter) {
        out.endArray()
        out.endObject()
    }

    /// Reads the result.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> DensityResult {
        let reader = try ReplyReader(value)
        let cells = try ReplyReader.each(reader.array(Key.cells)) { value throws(ReplyError) -> Cell in
            let cell = try ReplyReader(value)
            guard let column = cell.integer(Key.column), let row = cell.integer(Key.row),
                let visited = cell.integer(Key.visited), let unvisited = cell.integer(Key.unvisited),
                let nearest = cell.value(Key.nearest)?.arrayValue
            else {
                throw .incomplete(
                    keys: [Key.column, Key.row, Key.visited, Key.unvisited, Key.nearest].map(\.description))
            }
            return Cell(
                column: Int(column), row: Int(row), visited: Int(visited), unvisited: Int(unvisited),
                nearest: try ReplyReader.each(nearest, decodeLabel))
        }
        return DensityResult(
            cells: cells, visited: Int(try reader.required(Key.visited, "count", reader.integer)),
            unvisited: Int(try reader.required(Key.unvisited, "count", reader.integer)),
            revision: try reader.required(Key.revision, "integer", reader.integer))
    }

    private static func decodeLabel(_ value: JSONValue) throws(ReplyError) -> Label {
        let label = try ReplyReader(value)
        guard let text = label.string(Key.id), let id = PlaceID.parse(text), let name = label.string(Key.name),
            let latitude = label.double(Key.latitude), let longitude = label.double(Key.longitude),
            let isVisited = label.bool(Key.visited)
        else {
            throw .incomplete(keys: [Key.id, Key.name, Key.latitude, Key.longitude, Key.visited].map(\.description))
        }
        return Label(
            id: id, name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude), isVisited: isVisited)
    }

    /// The result's schema.
    public static var schema: JSONValue {
        let count = ["type": "integer", "minimum": 0] as JSONValue
        let label = WireSchema.object([
            (Key.id, WireSchema.ref("PlaceID")), (Key.name, WireSchema.type("string")),
            (Key.latitude, WireSchema.type("number")), (Key.longitude, WireSchema.type("number")),
            (Key.visited, WireSchema.type("boolean")),
        ])
        let cell = WireSchema.object([
            (Key.column, WireSchema.type("integer", "0 is the westernmost column.")),
            (Key.row, WireSchema.type("integer", "0 is the northernmost row.")),
            (Key.visited, count), (Key.unvisited, count),
            (Key.nearest, WireSchema.array(of: label)),
        ])
        return WireSchema.object([
            (Key.cells, WireSchema.array(of: cell)),
            (Key.visited, WireSchema.type("integer", "Visited places in the box.")),
            (Key.unvisited, WireSchema.type("integer", "Unvisited places in the box.")),
            (Key.revision, WireSchema.type("integer", "Committed changes to the caller's places.")),
        ])
    }
}
