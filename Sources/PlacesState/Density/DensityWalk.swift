import PlacesModel

/// Counts the places of a spatial index into the cells of a grid (`places.density`) without reading most of them.
///
/// Each subtree's parent keeps its number of places and of visited places (`SpatialChild`), so a subtree whose box
/// lies inside one cell adds those counts without being opened; only subtrees that straddle a cell border or the
/// grid's edge are opened, down to the entries of their leaves, and subtrees outside the grid are skipped. A
/// subtree inside one cell is opened for its cell's labels only while its box could still hold a place nearer the
/// cell's centre (or as near and earlier in the list) than the nearest the cell already has.
struct DensityWalk {
    /// The counts and labels so far.
    let tally: DensityTally
    /// Only places with this visited flag, when given.
    private let visited: Bool?
    private let grid: DensityGrid
    private let box: BoundingBox

    /// Where a subtree's box lies on the grid.
    private enum Placement {
        /// Wholly outside the grid's box.
        case outside
        /// Wholly inside one cell.
        case inside(column: Int, row: Int)
        /// Inside the grid's box, over a cell border: over the cells in `span`.
        case crossing(CellSpan)
        /// Over the box's edge.
        case straddling
    }

    /// Prepares a walk adding to `tally`, counting only places with the `visited` flag when it is given.
    init(tally: DensityTally, visited: Bool?) {
        self.tally = tally
        self.visited = visited
        self.grid = tally.grid
        self.box = tally.grid.box
    }

    /// Counts every place under `root`, which the caller keeps alive until the walk returns.
    func run(from root: borrowing SpatialNode) {
        open(root)
    }

    /// The cells a subtree inside the grid's box lies over, from the cells of its box's corners, and how its
    /// longitudes are turned into degrees east of the grid's west edge.
    struct CellSpan {
        /// The westernmost and easternmost columns.
        var columns: ClosedRange<Int>
        /// The northernmost and southernmost rows.
        var rows: ClosedRange<Int>
        /// What `DensityGrid.eastward` adds to a longitude's offset from the west edge for every place of the
        /// subtree: 360 when the grid crosses the antimeridian and the subtree lies east of it, 0 otherwise (the
        /// subtree lies on one side, or it would straddle the box's edge).
        var turn: Double
        /// The subtree's box.
        var box: GeoBox
    }

    /// Counts every place under `node`; with `span`, the node lies inside the grid's box over the cells in `span`,
    /// so that its places need not be checked against the box.
    private func open(_ node: borrowing SpatialNode, span: CellSpan? = nil) {
        switch node {
        case .leaf(let entries):
            entries.withUnsafeBufferPointer { entries in
                if let span { count(entries, over: span) } else { count(entries) }
            }
        case .branch(let children):
            children.withUnsafeBufferPointer { children in
                guard let first = children.baseAddress else { return }
                for index in 0..<children.count {
                    visit(first + index)
                }
            }
        }
    }

    /// Counts the places under `child`, a child of a node the caller keeps alive: read through its address, so
    /// that nothing is retained (an atomic write to nodes other readers share).
    func visit(_ child: UnsafePointer<SpatialChild>) {
        switch placement(of: child.pointee.box) {
        case .outside:
            return
        case .crossing(let span):
            open(child.pointee.node, span: span)
        case .straddling:
            open(child.pointee.node)
        case .inside(let column, let row):
            let cell = row * grid.columns + column
            let visitedCount = Int(child.pointee.visitedCount)
            let unvisitedCount = Int(child.pointee.count) - visitedCount
            switch visited {
            case nil: tally.add(cell, visited: visitedCount, unvisited: unvisitedCount)
            case true?: tally.add(cell, visited: visitedCount, unvisited: 0)
            case false?: tally.add(cell, visited: 0, unvisited: unvisitedCount)
            }
            if tally.labels > 0 { label(child, column: column, row: row, cell: cell) }
        }
    }

    /// Offers the places under `child`, which lies inside the cell, to the cell's labels, opening it only if its
    /// box could hold a place that one of them would give way to.
    private func label(_ child: UnsafePointer<SpatialChild>, column: Int, row: Int, cell: Int) {
        guard matching(child.pointee) > 0 else { return }
        let bound = DensityTally.Candidate(
            distance: squaredDistance(fromCentreOf: column, row, to: child.pointee.box),
            position: child.pointee.minimumPosition, stored: nil)
        guard !tally.isBeaten(bound, in: cell) else { return }
        switch child.pointee.node {
        case .leaf(let entries):
            entries.withUnsafeBufferPointer {
                scan($0) { entry, eastward, southward in
                    offer(entry, column: column, row: row, cell: cell, eastward: eastward, southward: southward)
                }
            }
        case .branch(let children):
            children.withUnsafeBufferPointer { children in
                guard let first = children.baseAddress else { return }
                for index in 0..<children.count {
                    label(first + index, column: column, row: row, cell: cell)
                }
            }
        }
    }

    /// The places of a subtree that pass the visited filter.
    private func matching(_ child: SpatialChild) -> Int {
        switch visited {
        case nil: Int(child.count)
        case true?: Int(child.visitedCount)
        case false?: Int(child.count - child.visitedCount)
        }
    }

    /// Counts each entry of a leaf that lies in the grid's box and passes the filter in its cell (`DensityGrid`'s
    /// arithmetic on the entry's coordinate), and offers it to the cell's labels.
    private func count(_ entries: UnsafeBufferPointer<SpatialEntry>) {
        guard let first = entries.baseAddress else { return }
        let (south, north, west, east) = (box.south, box.north, box.west, box.east)
        let wraps = box.wraps
        let visited = self.visited
        for index in 0..<entries.count {
            let entry = first + index
            let latitude = entry.pointee.latitude
            let longitude = entry.pointee.longitude
            guard latitude >= south, latitude <= north,
                wraps ? longitude >= west || longitude <= east : longitude >= west && longitude <= east
            else { continue }
            let isVisited = entry.pointee.isVisited
            if let visited, isVisited != visited { continue }
            let eastward = grid.eastward(longitude)
            let southward = grid.southward(latitude)
            let column = grid.column(eastward: eastward)
            let row = grid.row(southward: southward)
            tally(
                entry, column: column, row: row, eastward: eastward, southward: southward, isVisited: isVisited,
                offersLabels: tally.labels > 0)
        }
    }

    /// Counts each entry of a leaf that lies inside the grid's box over the cells in `span` as `count(_:)` does,
    /// without checking the box.
    ///
    /// A world map opens the leaves of most of the places, nearly all over two cells or four, so that this loop is
    /// most of its time. Over at most two columns and two rows a place's column is the span's first, or the next
    /// once `eastward · columnScale` reaches it (what truncating it to an integer decides, as the product is not
    /// negative), and the same for its row: a comparison instead of a conversion, a range check and a minimum.
    private func count(_ entries: UnsafeBufferPointer<SpatialEntry>, over span: CellSpan) {
        guard let first = entries.baseAddress else { return }
        guard span.columns.count <= 2, span.rows.count <= 2 else {
            count(entries)
            return
        }
        let (north, west, turn) = (box.north, box.west, span.turn)
        let (columnScale, rowScale) = (grid.columnScale, grid.rowScale)
        let (firstColumn, firstRow) = (span.columns.lowerBound, span.rows.lowerBound)
        // Where the product reaches the next column or row; never, over one.
        let nextColumn = span.columns.count == 2 ? Double(firstColumn + 1) : .infinity
        let nextRow = span.rows.count == 2 ? Double(firstRow + 1) : .infinity
        let visited = self.visited
        let offersLabels = tally.labels > 0 && !isBeaten(span)
        for index in 0..<entries.count {
            let entry = first + index
            let isVisited = entry.pointee.isVisited
            if let visited, isVisited != visited { continue }
            let eastward = (entry.pointee.longitude - west) + turn
            let southward = north - entry.pointee.latitude
            let column = firstColumn &+ (eastward * columnScale >= nextColumn ? 1 : 0)
            let row = firstRow &+ (southward * rowScale >= nextRow ? 1 : 0)
            tally(
                entry, column: column, row: row, eastward: eastward, southward: southward, isVisited: isVisited,
                offersLabels: offersLabels)
        }
    }

    /// Whether every cell in `span` already has all its labels nearer its centre than any place in the span's box
    /// could be: its places are then only counted. Once a cell's labels are taken, a place is offered only if it
    /// is no further than the furthest of them (`DensityTally.furthest`), and no place in the box is nearer than
    /// the box (`squaredDistance(fromCentreOf:_:to:)`, computed as the places' own distances are).
    private func isBeaten(_ span: CellSpan) -> Bool {
        let offsets = BoxOffsets(span.box, on: grid)
        for row in span.rows {
            for column in span.columns {
                let cell = row &* grid.columns &+ column
                let furthest = tally.furthest[cell]
                // Infinite until the cell's labels are all taken.
                guard furthest < .infinity, squaredDistance(fromCentreOf: column, row, to: offsets) > furthest else {
                    return false
                }
            }
        }
        return true
    }

    /// Counts `entry` in the cell at `column` and `row`, `eastward` and `southward` degrees from the grid's
    /// north-west corner, and, if `offersLabels`, offers it to the cell's labels unless they are all nearer.
    @inline(__always)
    private func tally(
        _ entry: UnsafePointer<SpatialEntry>, column: Int, row: Int, eastward: Double, southward: Double,
        isVisited: Bool, offersLabels: Bool
    ) {
        let cell = row &* grid.columns &+ column
        tally.add(cell, isVisited: isVisited)
        guard offersLabels else { return }
        offer(entry, column: column, row: row, cell: cell, eastward: eastward, southward: southward)
    }

    /// Calls `body` with each entry of a leaf inside one cell that passes the filter, with its offsets from the
    /// grid's north-west corner.
    private func scan(
        _ entries: UnsafeBufferPointer<SpatialEntry>,
        _ body: (UnsafePointer<SpatialEntry>, _ eastward: Double, _ southward: Double) -> Void
    ) {
        guard let first = entries.baseAddress else { return }
        for index in 0..<entries.count {
            let entry = first + index
            if let visited, entry.pointee.isVisited != visited { continue }
            body(entry, grid.eastward(entry.pointee.longitude), grid.southward(entry.pointee.latitude))
        }
    }

    /// Offers `entry`, `eastward` and `southward` degrees from the grid's north-west corner, to the labels of its
    /// cell, at `column` and `row`, unless they are all nearer its centre: the grid's squared distance from the
    /// centre, with the centres looked up rather than recomputed, and the place read only if it is kept.
    @inline(__always)
    private func offer(
        _ entry: UnsafePointer<SpatialEntry>, column: Int, row: Int, cell: Int, eastward: Double, southward: Double
    ) {
        let across = eastward - tally.centreEastward[column]
        let down = southward - tally.centreSouthward[row]
        let distance = across * across + down * down
        guard distance <= tally.furthest[cell] else { return }
        tally.offer(
            DensityTally.Candidate(
                distance: distance, position: entry.pointee.position, stored: entry.pointee.unmanagedStored),
            to: cell)
    }

    /// Where `box` lies on the grid. Column and row are monotonic in longitude and latitude over any piece of the
    /// box that does not cross the antimeridian, so a box whose corners fall in one cell lies inside it.
    private func placement(of place: GeoBox) -> Placement {
        guard place.maximumLatitude >= box.south, place.minimumLatitude <= box.north else { return .outside }
        let longitudesInside: Bool
        if box.wraps {
            guard place.minimumLongitude <= box.east || place.maximumLongitude >= box.west else { return .outside }
            longitudesInside = place.minimumLongitude >= box.west || place.maximumLongitude <= box.east
        } else {
            guard place.maximumLongitude >= box.west, place.minimumLongitude <= box.east else { return .outside }
            longitudesInside = place.minimumLongitude >= box.west && place.maximumLongitude <= box.east
        }
        guard longitudesInside, place.minimumLatitude >= box.south, place.maximumLatitude <= box.north else {
            return .straddling
        }
        let column = grid.column(eastward: grid.eastward(place.minimumLongitude))
        let row = grid.row(southward: grid.southward(place.maximumLatitude))
        let lastColumn = grid.column(eastward: grid.eastward(place.maximumLongitude))
        let lastRow = grid.row(southward: grid.southward(place.minimumLatitude))
        guard column == lastColumn, row == lastRow else {
            let turn: Double = box.wraps && place.minimumLongitude < box.west ? 360 : 0
            guard column <= lastColumn, row <= lastRow else { return .straddling }
            return .crossing(CellSpan(columns: column...lastColumn, rows: row...lastRow, turn: turn, box: place))
        }
        return .inside(column: column, row: row)
    }

    /// A box's edges as offsets from the grid's north-west corner (`DensityGrid.eastward` and `southward`), for a
    /// box that does not straddle the grid's box.
    struct BoxOffsets {
        var west: Double
        var east: Double
        var north: Double
        var south: Double

        init(_ box: GeoBox, on grid: DensityGrid) {
            west = grid.eastward(box.minimumLongitude)
            east = grid.eastward(box.maximumLongitude)
            north = grid.southward(box.maximumLatitude)
            south = grid.southward(box.minimumLatitude)
        }
    }

    /// The least squared distance from the centre of a cell to any place in `place`, a box inside the grid's box: at
    /// most that of every place in it, since the offsets and the distance grow with the coordinates.
    private func squaredDistance(fromCentreOf column: Int, _ row: Int, to place: GeoBox) -> Double {
        squaredDistance(fromCentreOf: column, row, to: BoxOffsets(place, on: grid))
    }

    /// `squaredDistance(fromCentreOf:_:to:)` of a box whose offsets are computed.
    @inline(__always)
    private func squaredDistance(fromCentreOf column: Int, _ row: Int, to place: BoxOffsets) -> Double {
        let centre = (eastward: tally.centreEastward[column], southward: tally.centreSouthward[row])
        let across =
            centre.eastward < place.west ? place.west - centre.eastward : max(centre.eastward - place.east, 0)
        let down =
            centre.southward < place.north ? place.north - centre.southward : max(centre.southward - place.south, 0)
        return across * across + down * down
    }
}
