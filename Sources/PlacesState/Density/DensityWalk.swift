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
        /// Inside the grid's box, over a cell border.
        case crossing
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

    /// Counts every place under `node`; `isInBox` when its box lies inside the grid's, so that its places need not
    /// be checked against the box.
    private func open(_ node: borrowing SpatialNode, isInBox: Bool = false) {
        switch node {
        case .leaf(let entries):
            entries.withUnsafeBufferPointer { isInBox ? scanInBox($0) : scan($0) }
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
        case .crossing:
            open(child.pointee.node, isInBox: true)
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

    /// Counts each entry of a leaf in its cell (those in the grid's box that pass the filter) and offers it to the
    /// cell's labels.
    private func scan(_ entries: UnsafeBufferPointer<SpatialEntry>) {
        let (south, north, west, east) = (box.south, box.north, box.west, box.east)
        let wraps = box.wraps
        for entry in entries {
            let latitude = entry.latitude
            let longitude = entry.longitude
            guard latitude >= south, latitude <= north,
                wraps ? longitude >= west || longitude <= east : longitude >= west && longitude <= east
            else { continue }
            count(entry)
        }
    }

    /// Counts each entry of a leaf whose box lies inside the grid's, as `scan` does, without checking the box.
    private func scanInBox(_ entries: UnsafeBufferPointer<SpatialEntry>) {
        for entry in entries { count(entry) }
    }

    /// Counts an entry in the grid's box in its cell, if it passes the filter, and offers it to the cell's labels.
    @inline(__always)
    private func count(_ entry: SpatialEntry) {
        let isVisited = entry.isVisited
        if let visited, isVisited != visited { return }
        let eastward = grid.eastward(entry.longitude)
        let southward = grid.southward(entry.latitude)
        let column = grid.column(eastward: eastward)
        let row = grid.row(southward: southward)
        let cell = row &* grid.columns &+ column
        tally.add(cell, isVisited: isVisited)
        if tally.labels > 0 {
            offer(entry, column: column, row: row, cell: cell, eastward: eastward, southward: southward)
        }
    }

    /// Calls `body` with each entry of a leaf inside one cell that passes the filter, with its offsets from the
    /// grid's north-west corner.
    private func scan(
        _ entries: UnsafeBufferPointer<SpatialEntry>,
        _ body: (SpatialEntry, _ eastward: Double, _ southward: Double) -> Void
    ) {
        for entry in entries {
            if let visited, entry.isVisited != visited { continue }
            body(entry, grid.eastward(entry.longitude), grid.southward(entry.latitude))
        }
    }

    @inline(__always)
    private func offer(_ entry: SpatialEntry, column: Int, row: Int, cell: Int, eastward: Double, southward: Double) {
        // The grid's squared distance from the cell's centre, with the centres looked up rather than recomputed.
        let across = eastward - tally.centreEastward[column]
        let down = southward - tally.centreSouthward[row]
        tally.offer(
            DensityTally.Candidate(
                distance: across * across + down * down, position: entry.position, stored: entry.unmanagedStored),
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
        guard column == grid.column(eastward: grid.eastward(place.maximumLongitude)),
            row == grid.row(southward: grid.southward(place.minimumLatitude))
        else { return .crossing }
        return .inside(column: column, row: row)
    }

    /// The least squared distance from the centre of a cell to any place in `place`, a box inside that cell: at most
    /// that of every place in it, since the offsets and the distance grow with the coordinates.
    private func squaredDistance(fromCentreOf column: Int, _ row: Int, to place: GeoBox) -> Double {
        let centre = (eastward: tally.centreEastward[column], southward: tally.centreSouthward[row])
        let west = grid.eastward(place.minimumLongitude)
        let east = grid.eastward(place.maximumLongitude)
        let north = grid.southward(place.maximumLatitude)
        let south = grid.southward(place.minimumLatitude)
        let across = centre.eastward < west ? west - centre.eastward : max(centre.eastward - east, 0)
        let down = centre.southward < north ? north - centre.southward : max(centre.southward - south, 0)
        return across * across + down * down
    }
}
