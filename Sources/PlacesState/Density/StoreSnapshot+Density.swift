import PlacesModel

extension StoreSnapshot {
    /// `owner`'s places that pass `filter`, counted into the cells of `grid` (visited and unvisited apart), with
    /// each cell's `labels` places nearest to its centre (`DensityGrid.squaredDistance`; ties to the earlier place
    /// in the list).
    ///
    /// Without a tag or text filter the owner's spatial index is walked (`DensityWalk`), reading only the places
    /// in subtrees that straddle a cell border; a large index in a grid of many cells on up to
    /// `ParallelDensityWalk.maximumThreads` cores. With tags held by few places (as `places.list` decides,
    /// `taggedListingShare`) the tag index's places are counted; otherwise every place is checked against the
    /// filter, as a filtered list is.
    package func density(of owner: UserID, grid: DensityGrid, filter: PlaceFilter, labels: Int) -> DensityMap {
        let tally = DensityTally(grid: grid, labels: labels)
        guard let list = state.lists[owner] else {
            return DensityMap(snapshot: self, tally: tally, revision: 0)
        }
        var others = filter
        others.visited = nil
        if others.isEmpty {
            if ParallelDensityWalk.isWorthwhile(places: list.spatial.count, grid: grid) {
                ParallelDensityWalk.run(from: list.spatial.root, into: tally, visited: filter.visited)
            } else {
                DensityWalk(tally: tally, visited: filter.visited).run(from: list.spatial.root)
            }
        } else if !filter.tagKeys.isEmpty,
            list.tags.rarestCount(of: filter.tagKeys) * Self.taggedListingShare <= list.places.count
        {
            for id in list.tags.ids(holdingAll: filter.tagKeys) {
                guard let slot = state.slot(of: id), filter.includes(slot.stored) else { continue }
                tally.count(slot.stored, position: slot.position)
            }
        } else {
            list.places.forEachLeaf { slots in
                for slot in slots where filter.includes(slot.stored) {
                    tally.count(slot.stored, position: slot.position)
                }
            }
        }
        return DensityMap(snapshot: self, tally: tally, revision: list.revision)
    }
}

extension DensityTally {
    /// Counts `stored`, at `position` in its list, in its cell if it is in the grid's box, and offers it to the
    /// cell's labels.
    func count(_ stored: StoredPlace, position: Int64) {
        let coordinate = stored.place.coordinate
        guard let (column, row) = grid.cell(of: coordinate) else { return }
        let cell = row * grid.columns + column
        add(cell, isVisited: stored.place.isVisited)
        guard labels > 0 else { return }
        let distance = grid.squaredDistance(
            fromCentreOf: column, row, eastward: grid.eastward(coordinate.longitude),
            southward: grid.southward(coordinate.latitude))
        offer(Candidate(distance: distance, position: position, stored: Unmanaged.passUnretained(stored)), to: cell)
    }
}
