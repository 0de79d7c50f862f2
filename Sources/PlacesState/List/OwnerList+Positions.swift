import PlacesModel

extension OwnerList {
    /// The position for a place about to be inserted at `index` (in `0...count`), between its neighbours'
    /// positions; renumbers a few neighbours first when no position is free there, and returns what it changed.
    ///
    /// See `ListPositions` for the scheme. The list (and its spatial index) is changed only by the renumbering.
    package mutating func makeRoom(at index: Int) -> (position: Int64, renumbered: [PositionChange]) {
        let before = index > 0 ? places.slot(at: index - 1).position : nil
        let after = index < places.count ? places.slot(at: index).position : nil
        if let free = ListPositions.free(after: before, before: after) {
            return (free, [])
        }
        // Not both nil: an empty list always has a free position.
        let anchor = before ?? after!
        for level in 1...ListPositions.universeBits {
            let low = (anchor >> Int64(level)) << Int64(level)
            let high = low + (Int64(1) << Int64(level))
            let start = places.count(below: low)
            let end = places.count(below: high)
            // The places in the range and the new one.
            let count = end - start + 1
            if level == ListPositions.universeBits || Double(count) <= ListPositions.capacities[level] {
                return renumber(start..<end, from: low, width: Int64(1) << Int64(level), insertingAt: index)
            }
        }
        preconditionFailure("unreachable: the top level always renumbers")
    }

    /// Spreads the places at `indices` and a new one at `index` evenly over `low..<low + width`; returns the new
    /// one's position and the places that moved.
    private mutating func renumber(
        _ indices: Range<Int>, from low: Int64, width: Int64, insertingAt index: Int
    ) -> (position: Int64, renumbered: [PositionChange]) {
        let count = indices.count + 1
        let spacing = min(width / Int64(count), ListPositions.spacing)
        var newPosition = low
        var renumbered: [PositionChange] = []
        var moves: [(stored: StoredPlace, from: Int64, to: Int64)] = []
        for offset in 0..<count {
            let position = low + spacing / 2 + Int64(offset) * spacing
            let listIndex = indices.lowerBound + offset
            if listIndex == index {
                newPosition = position
                continue
            }
            let existing = listIndex < index ? listIndex : listIndex - 1
            let slot = places.slot(at: existing)
            if slot.position != position {
                places.setPosition(position, at: existing)
                moves.append((slot.stored, slot.position, position))
                renumbered.append(
                    PositionChange(place: slot.place, row: slot.row, oldPosition: slot.position, newPosition: position)
                )
            }
        }
        spatial.reposition(moves)
        return (newPosition, renumbered)
    }
}
