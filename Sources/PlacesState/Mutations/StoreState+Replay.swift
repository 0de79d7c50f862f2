import PlacesModel

extension StoreState {
    /// Applies a change that another host committed, as the change log has it, leaving the state where that
    /// host's state was after it; throws if the change does not follow this state (a revision skipped, a place
    /// that is not where the log says).
    ///
    /// The change is made in place, as a batch's own mutations are, copying only what a snapshot still shares.
    /// Every check that can be made before anything changes is made first, and a change refused by one of them
    /// leaves the state as it was; a log whose renumbering does not fit the list is found only while the list
    /// changes, and leaves the state part-changed: the caller replays into a copy, and drops it when this throws.
    ///
    /// Positions and rows come from the log rather than from applying the mutation again, so hosts agree on
    /// them whatever their version.
    package mutating func replay(_ logged: LoggedChange) throws(DamagedState) {
        let change = logged.change
        let place = change.place
        let owner = place.owner
        guard change.storeRevision == revision + 1 else {
            throw DamagedState(reason: "the change log goes from revision \(revision) to \(change.storeRevision)")
        }
        let listRevision = lists[owner]?.revision ?? 0
        guard change.revision == listRevision + 1 else {
            throw DamagedState(
                reason: "the change log takes uid \(owner) from revision \(listRevision) to \(change.revision)")
        }
        var offset = 0
        if change.kind == .added {
            guard index[place.id] == nil else { throw DamagedState(reason: "place '\(place.id)' is added twice") }
        } else {
            offset = try self.offset(of: place.id, row: logged.row, of: owner)
        }
        let placesBefore = lists[owner]?.places.count ?? 0
        try Self.replay(logged, at: offset, in: &lists[owner, default: OwnerList()], index: &index)
        let placesAfter = lists[owner]?.places.count ?? 0
        count += placesAfter - placesBefore
        if change.kind == .added { nextRow = max(nextRow, logged.row + 1) }
        if placesBefore == 0, placesAfter > 0 { updateOwnership(of: owner, hasPlaces: true) }
        if placesBefore > 0, placesAfter == 0 { updateOwnership(of: owner, hasPlaces: false) }
        revision = change.storeRevision
    }

    /// Makes the change `logged` to `list`, its owner's, and to `index`; `offset` is where the changed place is
    /// in the list (for any change but an addition).
    private static func replay(
        _ logged: LoggedChange, at offset: Int, in list: inout OwnerList, index: inout PlaceIndex
    ) throws(DamagedState) {
        let change = logged.change
        let place = change.place
        let owner = place.owner
        switch change.kind {
        case .added:
            try renumber(logged.renumbered, in: &list, of: owner, index: &index)
            try insert(place, row: logged.row, at: logged.position, into: &list)
            _ = index.insert(place.id, at: PlaceLocation(owner: owner, position: logged.position))
        case .updated:
            list.replace(at: offset, with: place)
        case .removed:
            list.remove(at: offset)
            index[place.id] = nil
        case .moved:
            let slot = list.remove(at: offset)
            try renumber(logged.renumbered, in: &list, of: owner, index: &index)
            try insert(slot.place, row: slot.row, at: logged.position, into: &list)
            index[place.id] = PlaceLocation(owner: owner, position: logged.position)
        }
        list.revision = change.revision
    }

    /// The index of `id` in `owner`'s list, where it must be the place in `row`.
    private func offset(of id: PlaceID, row: Int64, of owner: UserID) throws(DamagedState) -> Int {
        guard let location = index[id], location.owner == owner, let list = lists[owner],
            let offset = list.index(ofPosition: location.position), list.places.slot(at: offset).row == row
        else { throw DamagedState(reason: "place '\(id)' of uid \(owner) is not where the change log says") }
        return offset
    }

    /// Gives each renumbered place its new position; a renumbering keeps the order of the list.
    private static func renumber(
        _ renumbered: [Renumbering], in list: inout OwnerList, of owner: UserID, index: inout PlaceIndex
    ) throws(DamagedState) {
        var offsets: [Int] = []
        offsets.reserveCapacity(renumbered.count)
        for renumbering in renumbered {
            guard let location = index[renumbering.id], location.owner == owner,
                let offset = list.index(ofPosition: location.position)
            else { throw DamagedState(reason: "renumbered place '\(renumbering.id)' is not in uid \(owner)'s list") }
            offsets.append(offset)
        }
        var moves: [(stored: StoredPlace, from: Int64, to: Int64)] = []
        moves.reserveCapacity(renumbered.count)
        for (renumbering, offset) in zip(renumbered, offsets) {
            let slot = list.places.slot(at: offset)
            list.places.setPosition(renumbering.position, at: offset)
            moves.append((slot.stored, slot.position, renumbering.position))
            index[renumbering.id] = PlaceLocation(owner: owner, position: renumbering.position)
        }
        list.spatial.reposition(moves)
    }

    /// Inserts `place` in `row` at `position`, between the places below and above it.
    private static func insert(
        _ place: Place, row: Int64, at position: Int64, into list: inout OwnerList
    ) throws(DamagedState) {
        guard list.index(ofPosition: position) == nil else {
            throw DamagedState(reason: "two places at position \(position) of uid \(place.owner)'s list")
        }
        let offset = list.places.count(below: position)
        let slot = PlaceSlot(place: place, position: position, row: row)
        list.orders.prepare(places: list.places, revision: list.revision)
        list.places.insert(slot, at: offset)
        list.spatial.insert(slot.stored, position: position)
        list.orders.insert(slot.stored)
        list.tags.insert(place)
    }
}
