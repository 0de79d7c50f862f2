import PlacesModel

extension StoreState {
    /// Applies a change that another host committed, as the change log has it, leaving the state where that
    /// host's state was after it; throws, leaving the state as it was, if the change does not follow this state
    /// (a revision skipped, a place that is not where the log says).
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
        var list = lists[owner] ?? OwnerList()
        guard change.revision == list.revision + 1 else {
            throw DamagedState(
                reason: "the change log takes uid \(owner) from revision \(list.revision) to \(change.revision)")
        }
        var next = self
        switch change.kind {
        case .added:
            guard index[place.id] == nil else {
                throw DamagedState(reason: "place '\(place.id)' is added twice")
            }
            try next.renumber(logged.renumbered, in: &list, of: owner)
            try Self.insert(place, row: logged.row, at: logged.position, into: &list)
            _ = next.index.insert(place.id, at: PlaceLocation(owner: owner, position: logged.position))
            next.count += 1
            next.nextRow = max(next.nextRow, logged.row + 1)
            if list.places.count == 1 { next.updateOwnership(of: owner, hasPlaces: true) }
        case .updated:
            let offset = try next.offset(of: place.id, row: logged.row, in: list, of: owner)
            list.replace(at: offset, with: place)
        case .removed:
            let offset = try next.offset(of: place.id, row: logged.row, in: list, of: owner)
            list.remove(at: offset)
            next.index[place.id] = nil
            next.count -= 1
            if list.places.isEmpty { next.updateOwnership(of: owner, hasPlaces: false) }
        case .moved:
            let offset = try next.offset(of: place.id, row: logged.row, in: list, of: owner)
            let slot = list.remove(at: offset)
            try next.renumber(logged.renumbered, in: &list, of: owner)
            try Self.insert(slot.place, row: slot.row, at: logged.position, into: &list)
            next.index[place.id] = PlaceLocation(owner: owner, position: logged.position)
        }
        list.revision = change.revision
        next.lists[owner] = list
        next.revision = change.storeRevision
        self = next
    }

    /// The index in `list` of `id`, which must be `owner`'s place in `row`.
    private func offset(of id: PlaceID, row: Int64, in list: OwnerList, of owner: UserID) throws(DamagedState) -> Int {
        guard let location = index[id], location.owner == owner, let offset = list.index(ofPosition: location.position),
            list.places.slot(at: offset).row == row
        else { throw DamagedState(reason: "place '\(id)' of uid \(owner) is not where the change log says") }
        return offset
    }

    /// Gives each renumbered place its new position; a renumbering keeps the order of the list.
    private mutating func renumber(
        _ renumbered: [Renumbering], in list: inout OwnerList, of owner: UserID
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
        list.places.insert(slot, at: offset)
        list.spatial.insert(slot.stored, position: position)
    }
}
