import PlacesModel
import Testing

@testable import PlacesState
@testable import PlacesStore

/// `places.density` from the spatial index's kept counts, against a brute-force count over the list.
@Suite struct DensityTests {
    let directory = TemporaryDirectory()

    /// What a cell must hold: its counts and the ids of its nearest places.
    struct ExpectedCell: Equatable, CustomStringConvertible {
        var column: Int
        var row: Int
        var visited = 0
        var unvisited = 0
        var nearest: [PlaceID] = []
        var description: String { "(\(column), \(row)): \(visited)+\(unvisited) \(nearest.map(\.description))" }
    }

    /// Every place of the list that passes the filter, put in its cell by `DensityGrid.cell(of:)`, and each cell's
    /// nearest: sorted by squared distance from the centre, then list order.
    private func bruteForce(
        _ places: PlaceList, grid: DensityGrid, filter: PlaceFilter, labels: Int
    ) -> [ExpectedCell] {
        var cells: [Int: ExpectedCell] = [:]
        var ranked: [Int: [(distance: Double, index: Int, id: PlaceID)]] = [:]
        for (index, place) in places.enumerated() {
            guard filter.includes(StoredPlace(place)), let (column, row) = grid.cell(of: place.coordinate) else {
                continue
            }
            let cell = row * grid.columns + column
            cells[cell, default: ExpectedCell(column: column, row: row)].visited += place.isVisited ? 1 : 0
            cells[cell, default: ExpectedCell(column: column, row: row)].unvisited += place.isVisited ? 0 : 1
            let distance = grid.squaredDistance(
                fromCentreOf: column, row, eastward: grid.eastward(place.coordinate.longitude),
                southward: grid.southward(place.coordinate.latitude))
            ranked[cell, default: []].append((distance, index, place.id))
        }
        for (cell, candidates) in ranked {
            cells[cell]?.nearest = candidates.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
                .prefix(labels).map(\.id)
        }
        return cells.keys.sorted().compactMap { cells[$0] }
    }

    /// The cells of `map` in `cells` (all of them by default), in the order it writes them.
    private func found(_ map: DensityMap, in cells: Range<Int>? = nil) -> [ExpectedCell] {
        var found: [ExpectedCell] = []
        map.forEachCell(in: cells ?? 0..<map.grid.cellCount) { cell, nearest in
            var ids: [PlaceID] = []
            nearest.forEach { ids.append($0.id) }
            found.append(
                ExpectedCell(
                    column: cell.column, row: cell.row, visited: cell.visited, unvisited: cell.unvisited, nearest: ids))
        }
        return found
    }

    /// A random coordinate: some crowd the poles, the antimeridian and a few fixed points (many places at one
    /// coordinate), some lie on whole degrees (the borders of many grids).
    private func randomCoordinate(using generator: inout SeededGenerator) -> Coordinate {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0:
            return Coordinate(
                latitude: Double.random(in: 85...90, using: &generator) * (Bool.random(using: &generator) ? 1 : -1),
                longitude: Double.random(in: -180...180, using: &generator))
        case 1:
            return Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: 178...180, using: &generator) * (Bool.random(using: &generator) ? 1 : -1))
        case 2:
            return [
                Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 90, longitude: 180),
                Coordinate(latitude: -90, longitude: -180), Coordinate(latitude: 45, longitude: -90),
            ][Int.random(in: 0..<4, using: &generator)]
        case 3:
            return Coordinate(
                latitude: Double(Int.random(in: -90...90, using: &generator)),
                longitude: Double(Int.random(in: -180...180, using: &generator)))
        default:
            return Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
        }
    }

    /// A random grid: the world, a box crossing the antimeridian, a small box, or any box, in 1…40 × 1…30 cells.
    private func randomGrid(using generator: inout SeededGenerator) throws -> DensityGrid {
        let box: BoundingBox
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
            box = try BoundingBox(south: -90, west: -180, north: 90, east: 180, field: "bbox")
        case 1:
            let west = Double(Int.random(in: 90...179, using: &generator))
            box = try BoundingBox(
                south: -60, west: west, north: 75, east: -Double(Int.random(in: 90...179, using: &generator)),
                field: "bbox")
        case 2:
            let south = Double.random(in: -89...80, using: &generator)
            let west = Double.random(in: -180...170, using: &generator)
            box = try BoundingBox(
                south: south, west: west, north: south + Double.random(in: 0.5...9, using: &generator),
                east: west + Double.random(in: 0.5...9, using: &generator), field: "bbox")
        default:
            let latitudes = [
                Double.random(in: -90...90, using: &generator), Double.random(in: -90...90, using: &generator),
            ]
            box = try BoundingBox(
                south: latitudes.min()!, west: Double.random(in: -180...180, using: &generator),
                north: latitudes.max()! + 0.001, east: Double.random(in: -180...180, using: &generator), field: "bbox")
        }
        return try DensityGrid(
            box: box, columns: Int.random(in: 1...40, using: &generator),
            rows: Int.random(in: 1...30, using: &generator))
    }

    /// `count` places at random coordinates, some visited, some tagged, some described.
    private func randomImports(_ count: Int, using generator: inout SeededGenerator) -> [PlaceImport] {
        (0..<count).map { number in
            let coordinate = randomCoordinate(using: &generator)
            let tags = number % 5 == 0 ? ["Rare"] : number % 2 == 0 ? ["even"] : []
            return PlaceImport(
                id: nil,
                draft: try! PlaceDraft(
                    name: "p\(number)", description: number % 3 == 0 ? "by the sea" : "", latitude: coordinate.latitude,
                    longitude: coordinate.longitude, isVisited: Bool.random(using: &generator), tags: tags))
        }
    }

    /// A tally's counts and nearest places (distance and list position), cell by cell.
    private func contents(of tally: DensityTally) -> [[Double]] {
        (0..<tally.grid.cellCount).map { cell in
            [Double(tally.visited(cell)), Double(tally.unvisited(cell))]
                + tally.nearest(of: cell).flatMap { [$0.distance, Double($0.position)] }
        }
    }

    /// A walk shared among threads finds what one thread finds, whichever thread takes which subtree: the same
    /// counts and the same nearest places, with or without the visited filter, in boxes across the antimeridian.
    @Test(arguments: [2, 3, 4])
    func aParallelWalkMatchesASingleOne(threads: Int) throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        var generator = SeededGenerator(seed: UInt64(threads) + 100)
        _ = try store.perform(.importPlaces(randomImports(12_000, using: &generator)), owner: 1)
        let root = try #require(store.snapshot().state.lists[1]).spatial.root
        let wanted = threads * ParallelDensityWalk.partsPerThread
        #expect(ParallelDensityWalk.subtrees(of: root, atLeast: wanted).count >= wanted)
        var grids = [
            try DensityGrid(
                box: try BoundingBox(south: -90, west: -180, north: 90, east: 180, field: "bbox"), columns: 120,
                rows: 40),
            try DensityGrid(
                box: try BoundingBox(south: -30, west: 170, north: 40, east: -150, field: "bbox"), columns: 37, rows: 23
            ),
        ]
        for _ in 0..<30 { grids.append(try randomGrid(using: &generator)) }
        for grid in grids {
            for visited in [nil, true, false] as [Bool?] {
                let labels = Int.random(in: 0...3, using: &generator)
                let serial = DensityTally(grid: grid, labels: labels)
                DensityWalk(tally: serial, visited: visited).run(from: root)
                let parallel = DensityTally(grid: grid, labels: labels)
                ParallelDensityWalk.run(from: root, into: parallel, visited: visited, threads: threads)
                #expect(contents(of: parallel) == contents(of: serial), "\(grid), \(String(describing: visited))")
            }
        }
    }

    /// The runs a reply is written in on several threads are consecutive, cover the grid, each hold a cell with
    /// a place, and hand over, one after another, the cells and labels of the whole map in order.
    @Test func writingPartsCoverTheMapInOrder() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        var generator = SeededGenerator(seed: 34)
        _ = try store.perform(.importPlaces(randomImports(12_000, using: &generator)), owner: 1)
        for (columns, rows, labels) in [(120, 40, 1), (200, 100, 3), (10, 10, 1)] {
            let grid = try DensityGrid(
                box: try BoundingBox(south: -90, west: -180, north: 90, east: 180, field: "bbox"), columns: columns,
                rows: rows)
            let map = store.snapshot().density(of: 1, grid: grid, filter: PlaceFilter(), labels: labels)
            let parts = map.writingParts
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == grid.cellCount)
            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            let whole = found(map)
            var pieced: [ExpectedCell] = []
            for part in parts {
                let piece = found(map, in: part)
                #expect(!piece.isEmpty || parts.count == 1)
                pieced += piece
            }
            #expect(pieced == whole)
        }
    }

    private func expectCountsKept(_ node: SpatialNode, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .branch(let children) = node else { return }
        for child in children {
            var entries: [SpatialEntry] = []
            func collect(_ node: SpatialNode) {
                switch node {
                case .leaf(let leaf): entries += leaf
                case .branch(let children): children.forEach { collect($0.node) }
                }
            }
            collect(child.node)
            #expect(Int(child.count) == entries.count, sourceLocation: sourceLocation)
            #expect(Int(child.visitedCount) == entries.count { $0.isVisited }, sourceLocation: sourceLocation)
            #expect(entries.allSatisfy { $0.isVisited == $0.stored?.place.isVisited }, sourceLocation: sourceLocation)
            expectCountsKept(child.node, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [0, 1, 40, 700, 6_000])
    func densityMatchesABruteForceCount(count: Int) throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        var generator = SeededGenerator(seed: UInt64(count) + 7)
        _ = try store.perform(.importPlaces(randomImports(count, using: &generator)), owner: 1)
        _ = try store.perform(.add(draft("someone else's", latitude: 0, longitude: 0)), owner: 2)
        try compare(store, owner: 1, using: &generator)

        // Counts kept through changes: visits, moves on the map, removals, additions.
        let ids = store.snapshot().places(of: 1).map(\.id)
        for id in ids.shuffled(using: &generator).prefix(count / 3) {
            let mutation: Mutation
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: mutation = .update(id, try PlacePatch(isVisited: Bool.random(using: &generator)), ifVersion: nil)
            case 1:
                let coordinate = randomCoordinate(using: &generator)
                mutation = .update(
                    id, try PlacePatch(latitude: coordinate.latitude, longitude: coordinate.longitude), ifVersion: nil)
            case 2: mutation = .remove(id, ifVersion: nil)
            default:
                let coordinate = randomCoordinate(using: &generator)
                mutation = .add(draft("added", latitude: coordinate.latitude, longitude: coordinate.longitude))
            }
            _ = try store.perform(mutation, owner: 1)
        }
        try compare(store, owner: 1, using: &generator)
    }

    /// Places crowded in a small box (one across the antimeridian): in most of the grids a leaf lies over at most
    /// two columns and two rows, where a place's column and row are found by comparisons with the borders, and
    /// many places lie exactly on a border. Labels keep the nearest whatever the order the leaves come in.
    @Test(arguments: [(south: 40.0, west: 10.0), (south: -20.0, west: 178.5)])
    func leavesOverFewCellsMatchABruteForceCount(south: Double, west: Double) throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        var generator = SeededGenerator(seed: UInt64(south + 1000))
        // 3 degrees square; a tenth of the places on a quarter degree, where the borders of the 60 × 60, 12 × 2
        // and 4 × 6 grids fall exactly: the offsets from the box's edges and their products by the cells a degree
        // are exact. In the 12 × 2 and 4 × 6 grids nearly every leaf lies over at most two columns and two rows.
        let imports = (0..<8_000).map { number in
            var latitude = south + Double.random(in: 0...3, using: &generator)
            var longitude = west + Double.random(in: 0...3, using: &generator)
            if number % 10 == 0 {
                latitude = south + Double(Int.random(in: 0...12, using: &generator)) / 4
                longitude = west + Double(Int.random(in: 0...12, using: &generator)) / 4
            }
            return PlaceImport(
                id: nil,
                draft: try! PlaceDraft(
                    name: "p\(number)", description: "", latitude: latitude,
                    longitude: longitude > 180 ? longitude - 360 : longitude,
                    isVisited: Bool.random(using: &generator), tags: []))
        }
        _ = try store.perform(.importPlaces(imports), owner: 1)
        let snapshot = store.snapshot()
        let places = snapshot.places(of: 1)
        let east = west + 3 > 180 ? west + 3 - 360 : west + 3
        for (columns, rows) in [(60, 60), (12, 2), (4, 6), (7, 5), (31, 2), (1, 17)] {
            let grid = try DensityGrid(
                box: try BoundingBox(south: south, west: west, north: south + 3, east: east, field: "bbox"),
                columns: columns, rows: rows)
            for filter in [PlaceFilter(), PlaceFilter(visited: true), PlaceFilter(visited: false)] {
                for labels in [0, 1, 3] {
                    let map = snapshot.density(of: 1, grid: grid, filter: filter, labels: labels)
                    #expect(
                        found(map) == bruteForce(places, grid: grid, filter: filter, labels: labels),
                        "\(grid), \(filter), \(labels) labels")
                }
            }
        }
    }

    private func compare(_ store: PlaceStore, owner: UserID, using generator: inout SeededGenerator) throws {
        let snapshot = store.snapshot()
        let places = snapshot.places(of: owner)
        expectCountsKept(snapshot.state.lists[owner]?.spatial.root ?? .empty)
        let filters = [
            PlaceFilter(), PlaceFilter(visited: true), PlaceFilter(visited: false), PlaceFilter(tags: ["rare"]),
            PlaceFilter(tags: ["EVEN"]), PlaceFilter(visited: false, tags: ["rare"]),
            PlaceFilter(query: TextQuery("SEA")), PlaceFilter(visited: true, query: TextQuery("p1")),
        ]
        for _ in 0..<40 {
            let grid = try randomGrid(using: &generator)
            for filter in filters {
                let labels = Int.random(in: 0...3, using: &generator)
                let map = snapshot.density(of: owner, grid: grid, filter: filter, labels: labels)
                let expected = bruteForce(places, grid: grid, filter: filter, labels: labels)
                #expect(found(map) == expected, "\(grid), \(filter), \(labels) labels")
                #expect(map.visited == expected.reduce(0) { $0 + $1.visited })
                #expect(map.unvisited == expected.reduce(0) { $0 + $1.unvisited })
            }
        }
    }

    /// A place on a border between cells belongs to the cell east of it or south of it; the box's edges belong to
    /// the cells along them; a box crossing the antimeridian runs east from its west edge.
    @Test func bordersBelongToTheCellEastOrSouthOfThem() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let points: [(String, Double, Double)] = [
            ("on the border of columns 0 and 1", 10, -177), ("on the border of rows 0 and 1", 85.5, 10),
            ("on a corner of four cells", 85.5, -177), ("the east edge", 10, 180), ("the west edge", 10, -180),
            ("the north pole", 90, 0), ("the south pole", -90, 0), ("the far corner", -90, 180),
        ]
        for (name, latitude, longitude) in points {
            _ = try store.perform(.add(draft(name, latitude: latitude, longitude: longitude)), owner: 1)
        }
        let world = try BoundingBox(south: -90, west: -180, north: 90, east: 180, field: "bbox")
        let map = store.snapshot().density(
            of: 1, grid: try DensityGrid(box: world, columns: 120, rows: 40), filter: PlaceFilter(), labels: 1)
        var cells: [String: [Int]] = [:]
        map.forEachCell { cell, nearest in nearest.forEach { cells[$0.name] = [cell.column, cell.row] } }
        #expect(
            cells == [
                "on the border of columns 0 and 1": [1, 17], "on the border of rows 0 and 1": [63, 1],
                "on a corner of four cells": [1, 1], "the east edge": [119, 17], "the west edge": [0, 17],
                "the north pole": [60, 0], "the south pole": [60, 39], "the far corner": [119, 39],
            ])

        let across = try BoundingBox(south: -20, west: 170, north: 20, east: -170, field: "bbox")
        let wrapped = store.snapshot().density(
            of: 1, grid: try DensityGrid(box: across, columns: 2, rows: 1), filter: PlaceFilter(), labels: 3)
        var names: [[String]] = []
        wrapped.forEachCell { cell, nearest in
            var inCell: [String] = ["\(cell.column)"]
            nearest.forEach { inCell.append($0.name) }
            names.append(inCell)
        }
        // 180 and -180 are the same meridian, 10° east of the box's west edge: the border between its two columns,
        // so both are in the eastern one, with -177, nearer that column's centre (at -175).
        #expect(names == [["1", "on the border of columns 0 and 1", "the east edge", "the west edge"]])
        #expect(wrapped.visited + wrapped.unvisited == 3)
    }

    /// A cell lists its places nearest to its centre first, and an earlier place in the list before a later one
    /// as near.
    @Test func labelsAreTheNearestToTheCentreInListOrder() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        for (name, latitude, longitude) in [
            ("far", 9, 9), ("centre, first", 5, 5), ("near", 5.5, 4), ("centre, second", 5, 5), ("other cell", -5, 5),
        ] as [(String, Double, Double)] {
            _ = try store.perform(.add(draft(name, latitude: latitude, longitude: longitude)), owner: 1)
        }
        let box = try BoundingBox(south: -10, west: 0, north: 10, east: 10, field: "bbox")
        let map = store.snapshot().density(
            of: 1, grid: try DensityGrid(box: box, columns: 1, rows: 2), filter: PlaceFilter(), labels: 3)
        var names: [[String]] = []
        map.forEachCell { _, nearest in
            var inCell: [String] = []
            nearest.forEach { inCell.append($0.name) }
            names.append(inCell)
        }
        #expect(names == [["centre, first", "centre, second", "near"], ["other cell"]])
        #expect(map.unvisited == 5 && map.revision == 5)
    }
}
