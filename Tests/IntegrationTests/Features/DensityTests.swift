import Testing

/// `places.density` through the real daemon, on SQLite and on PostgreSQL, against a brute-force count over what
/// `places.list` returns for the same box and filters.
@Suite("places.density")
struct DensityTests {
    /// A grid as the daemon reads it.
    struct Grid: CustomStringConvertible {
        let south: Double
        let west: Double
        let north: Double
        let east: Double
        let columns: Int
        let rows: Int
        var description: String { "\(columns)×\(rows) over \(south), \(west), \(north), \(east)" }

        var wraps: Bool { west > east }
        var width: Double { wraps ? east - west + 360 : east - west }
        var height: Double { north - south }
        var bbox: JSON {
            ["south": .number(south), "west": .number(west), "north": .number(north), "east": .number(east)]
        }

        /// The documented arithmetic: degrees east of `west` (the way the box runs), south of `north`, and the
        /// cell ⌊e · (columns / width)⌋, ⌊s · (rows / height)⌋, the last one where that reaches the end.
        func offsets(_ latitude: Double, _ longitude: Double) -> (eastward: Double, southward: Double) {
            let offset = longitude - west
            return (offset < 0 && wraps ? offset + 360 : offset, north - latitude)
        }

        func cell(_ latitude: Double, _ longitude: Double) -> (column: Int, row: Int) {
            let (eastward, southward) = offsets(latitude, longitude)
            return (
                min(Int(eastward * (Double(columns) / width)), columns - 1),
                min(Int(southward * (Double(rows) / height)), rows - 1)
            )
        }

        /// The squared distance in degrees from the centre of the place's cell.
        func distance(_ latitude: Double, _ longitude: Double) -> Double {
            let (eastward, southward) = offsets(latitude, longitude)
            let (column, row) = cell(latitude, longitude)
            let across = eastward - (Double(column) + 0.5) * width / Double(columns)
            let down = southward - (Double(row) + 0.5) * height / Double(rows)
            return across * across + down * down
        }
    }

    static let grids = [
        Grid(south: -90, west: -180, north: 90, east: 180, columns: 120, rows: 40),
        Grid(south: -60, west: 150, north: 70, east: -150, columns: 7, rows: 5),
        Grid(south: 10, west: -20, north: 30.5, east: 5, columns: 13, rows: 9),
        Grid(south: -90, west: -180, north: 90, east: 180, columns: 1, rows: 1),
    ]

    static let filters: [JSON] = [
        [:], ["visited": true], ["visited": false], ["tag": "Rare"], ["tag": "common"], ["query": "SEA"],
        ["tag": ["common", "rare"], "visited": false],
    ]

    /// Imports `count` places spread by a fixed sequence: some on whole degrees (cell borders), some at one point,
    /// some visited, a few tagged `rare`, many `common`, some described "by the sea".
    private func seed(_ client: RawConnection, count: Int) throws {
        var state: UInt64 = 20_261_205
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var places: [JSON] = []
        for number in 0..<count {
            var latitude = Double(next(180_000)) / 1000 - 90
            var longitude = Double(next(360_000)) / 1000 - 180
            switch number % 10 {
            case 0: (latitude, longitude) = (Double(next(181) - 90), Double(next(361) - 180))
            case 1: (latitude, longitude) = (20, -7.5)
            default: break
            }
            var tags: [JSON] = []
            if number % 17 == 0 { tags.append("rare") }
            if number % 2 == 0 { tags.append("Common") }
            places.append([
                "name": .string("p\(number)"), "description": .string(number % 3 == 0 ? "by the sea" : ""),
                "latitude": .number(latitude), "longitude": .number(longitude), "visited": .bool(next(3) == 0),
                "tags": .array(tags),
            ])
        }
        try client.result("places.import", ["places": .array(places)], timeout: 120)
    }

    /// The cells `places.density` must answer, counted from `places.list` with the grid's box and the filters.
    private func expected(_ client: RawConnection, grid: Grid, filter: JSON, labels: Int) throws -> JSON {
        var params = filter.object ?? [:]
        params["bbox"] = grid.bbox
        let list = try client.list(.object(params))
        var cells: [Int: (visited: Int, unvisited: Int, ranked: [(Double, Int, JSON)])] = [:]
        for (index, place) in (list["places"]?.array ?? []).enumerated() {
            let latitude = place["latitude"]?.double ?? .nan
            let longitude = place["longitude"]?.double ?? .nan
            let (column, row) = grid.cell(latitude, longitude)
            let visited = place["visited"]?.bool == true
            var cell = cells[row * grid.columns + column] ?? (0, 0, [])
            cell.visited += visited ? 1 : 0
            cell.unvisited += visited ? 0 : 1
            let label: JSON = [
                "id": place["id"] ?? .null, "name": place["name"] ?? .null, "latitude": .number(latitude),
                "longitude": .number(longitude), "visited": .bool(visited),
            ]
            cell.ranked.append((grid.distance(latitude, longitude), index, label))
            cells[row * grid.columns + column] = cell
        }
        var total = (visited: 0, unvisited: 0)
        let ordered: [JSON] = cells.keys.sorted().map { key in
            let cell = cells[key]!
            total.visited += cell.visited
            total.unvisited += cell.unvisited
            let nearest = cell.ranked.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(labels).map(\.2)
            return [
                "column": .number(Double(key % grid.columns)), "row": .number(Double(key / grid.columns)),
                "visited": .number(Double(cell.visited)), "unvisited": .number(Double(cell.unvisited)),
                "nearest": .array(Array(nearest)),
            ]
        }
        return [
            "cells": .array(ordered), "visited": .number(Double(total.visited)),
            "unvisited": .number(Double(total.unvisited)), "revision": list["revision"] ?? .null,
        ]
    }

    private func compare(_ daemon: DaemonProcess) throws {
        let client = try daemon.connect()
        try seed(client, count: 3_000)
        for grid in Self.grids {
            for (number, filter) in Self.filters.enumerated() {
                let labels = number % 4
                var params = filter.object ?? [:]
                params["bbox"] = grid.bbox
                params["columns"] = .number(Double(grid.columns))
                params["rows"] = .number(Double(grid.rows))
                params["labels"] = .number(Double(labels))
                let found = try client.result("places.density", .object(params))
                let expected = try expected(client, grid: grid, filter: filter, labels: labels)
                #expect(found == expected, "\(grid), \(filter.text), \(labels) labels")
            }
        }
        let error = try client.error(
            "places.density",
            ["bbox": ["south": 10, "west": 0, "north": -10, "east": 1], "columns": 2, "rows": 2])
        #expect(error["code"] == -32602, "\(error)")
        #expect(error["data"]?["field"] == "bbox", "\(error)")
        #expect(error["message"]?.string?.contains("south (10.0) at most north (-10.0)") == true, "\(error)")
    }

    @Test func countsMatchTheListOnSQLite() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        try compare(daemon)
    }

    @Test func countsMatchTheListOnPostgreSQL() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let daemon = try DaemonProcess(databasePath: cluster.uri)
        defer { daemon.shutdown() }
        try daemon.start(timeout: 60)
        try compare(daemon)
    }
}
