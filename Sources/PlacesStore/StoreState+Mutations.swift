import PlacesModel

extension StoreState {
    /// Applies `mutation` by `owner` in memory, or throws why it is refused (leaving the state as it was); new
    /// ids come from `generator`.
    mutating func apply(
        _ mutation: Mutation, owner: UserID, now: Timestamp, maximumPlacesPerOwner: Int,
        generator: inout some RandomNumberGenerator
    ) throws(StoreError) -> AppliedMutation {
        switch mutation {
        case .add(let draft):
            try add(draft, owner: owner, now: now, limit: maximumPlacesPerOwner, generator: &generator)
        case .update(let id, let patch, let ifVersion):
            try update(id, with: patch, ifVersion: ifVersion, owner: owner, now: now)
        case .remove(let id, let ifVersion):
            try remove(id, ifVersion: ifVersion, owner: owner)
        }
    }

    private mutating func add(
        _ draft: PlaceDraft, owner: UserID, now: Timestamp, limit: Int, generator: inout some RandomNumberGenerator
    ) throws(StoreError) -> AppliedMutation {
        let existing = lists[owner]?.places.count ?? 0
        guard existing < limit else {
            throw .limitReached("too many places for uid \(owner): the limit is \(limit)")
        }
        let row = nextRow
        let position = lists[owner]?.nextPosition ?? 0
        var id = PlaceID.random(using: &generator)
        while !index.insert(id, at: PlaceLocation(owner: owner, position: position)) {
            id = PlaceID.random(using: &generator)
        }
        let place = Place(
            id: id, owner: owner, name: draft.name, description: draft.description, coordinate: draft.coordinate,
            isVisited: draft.isVisited, version: 1, createdAt: now, updatedAt: now)
        nextRow += 1
        let (_, ownerRevision) = modifyList(of: owner) { list in
            list.places.append(PlaceSlot(place: place, position: position, row: row))
        }
        count += 1
        revision += 1
        if existing == 0 { updateOwnership(of: owner, hasPlaces: true) }
        return AppliedMutation(
            outcome: .added(place),
            change: PlaceChange(kind: .added, revision: ownerRevision, storeRevision: revision, place: place),
            write: .insert(place, position: position, row: row))
    }

    private mutating func update(
        _ id: PlaceID, with patch: PlacePatch, ifVersion: Int64?, owner: UserID, now: Timestamp
    ) throws(StoreError) -> AppliedMutation {
        let (offset, current) = try locate(id, owner: owner)
        if let ifVersion, ifVersion != current.place.version {
            throw .conflict(currentVersion: current.place.version)
        }
        if patch.changesNothing(in: current.place) {
            return AppliedMutation(outcome: .updated(current.place), change: nil, write: nil)
        }
        // A clock that steps back must not make a place look older than it is.
        var place = patch.applied(to: current.place, at: max(now, current.place.updatedAt))
        place.version += 1
        let (_, ownerRevision) = modifyList(of: owner) { list in
            list.places.replace(at: offset, with: place)
        }
        revision += 1
        return AppliedMutation(
            outcome: .updated(place),
            change: PlaceChange(kind: .updated, revision: ownerRevision, storeRevision: revision, place: place),
            write: .update(place, row: current.row))
    }

    private mutating func remove(_ id: PlaceID, ifVersion: Int64?, owner: UserID) throws(StoreError) -> AppliedMutation
    {
        let (offset, current) = try locate(id, owner: owner)
        let place = current.place
        if let ifVersion, ifVersion != place.version {
            throw .conflict(currentVersion: place.version)
        }
        let (isEmpty, ownerRevision) = modifyList(of: owner) { list in
            list.places.remove(at: offset)
            return list.places.isEmpty
        }
        index[id] = nil
        count -= 1
        revision += 1
        if isEmpty { updateOwnership(of: owner, hasPlaces: false) }
        return AppliedMutation(
            outcome: .removed(place),
            change: PlaceChange(kind: .removed, revision: ownerRevision, storeRevision: revision, place: place),
            write: .delete(row: current.row))
    }

    /// The index of `id` in `owner`'s list and its slot; a place of another owner is reported as not found.
    private func locate(_ id: PlaceID, owner: UserID) throws(StoreError) -> (Int, PlaceSlot) {
        guard let location = index[id], location.owner == owner, let list = lists[owner],
            let offset = list.index(ofPosition: location.position)
        else { throw .notFound(id) }
        return (offset, list.places.slot(at: offset))
    }

    /// Changes `owner`'s list in place (copying only the parts a snapshot still shares) and counts one revision;
    /// returns what `body` returned and the owner's new revision.
    private mutating func modifyList<Result>(
        of owner: UserID, _ body: (inout OwnerList) -> Result
    ) -> (Result, Int64) {
        func change(_ list: inout OwnerList) -> (Result, Int64) {
            let result = body(&list)
            list.revision += 1
            return (result, list.revision)
        }
        return change(&lists[owner, default: OwnerList()])
    }
}
