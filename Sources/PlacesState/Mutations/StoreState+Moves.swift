import PlacesModel

extension StoreState {
    /// Moves `id` to `target` in `owner`'s list (clamped to the list); a move to its current index changes nothing.
    package mutating func move(
        _ id: PlaceID, to target: Int, ifVersion: Int64?, owner: UserID
    ) throws(StoreError) -> AppliedMutation {
        let (offset, current) = try locate(id, owner: owner)
        let place = current.place
        if let ifVersion, ifVersion != place.version {
            throw .conflict(currentVersion: place.version)
        }
        let count = lists[owner]?.places.count ?? 0
        let destination = min(max(target, 0), count - 1)
        guard destination != offset else {
            return AppliedMutation(outcome: .moved(place, index: offset))
        }
        let ((position, renumbered), ownerRevision) = modifyList(of: owner) { list in
            list.remove(at: offset)
            return list.insert(place, row: current.row, at: destination)
        }
        index[id] = PlaceLocation(owner: owner, position: position)
        revision += 1
        let change = PlaceChange(
            kind: .moved, revision: ownerRevision, storeRevision: revision, place: place, previousIndex: offset)
        var applied = AppliedMutation(
            outcome: .moved(place, index: destination),
            logged: [
                LoggedChange(
                    change: change, row: current.row, position: position, renumbered: renumbered.map(\.renumbering))
            ])
        record(renumbered, of: owner, into: &applied)
        applied.writes.append(.reposition(row: current.row, position: position))
        return applied
    }
}
