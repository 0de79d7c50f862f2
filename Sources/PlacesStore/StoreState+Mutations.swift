import PlacesModel

extension StoreState {
    /// Applies `mutation` by `owner` in memory, or throws why it is refused (leaving the state as it was).
    mutating func apply(
        _ mutation: Mutation, owner: UserID, now: Timestamp, maximumPlacesPerOwner: Int
    ) throws(StoreError) -> AppliedMutation {
        switch mutation {
        case .add(let draft):
            try add(draft, owner: owner, now: now, limit: maximumPlacesPerOwner)
        case .update(let id, let patch, let ifVersion):
            try update(id, with: patch, ifVersion: ifVersion, owner: owner, now: now)
        case .remove(let id, let ifVersion):
            try remove(id, ifVersion: ifVersion, owner: owner)
        }
    }

    private mutating func add(
        _ draft: PlaceDraft, owner: UserID, now: Timestamp, limit: Int
    ) throws(StoreError) -> AppliedMutation {
        let existing = lists[owner]?.places.count ?? 0
        guard existing < limit else {
            throw .limitReached("too many places for uid \(owner): the limit is \(limit)")
        }
        var id = PlaceID.random()
        while index[id] != nil { id = PlaceID.random() }
        let place = Place(
            id: id, owner: owner, name: draft.name, description: draft.description, coordinate: draft.coordinate,
            isVisited: draft.isVisited, version: 1, createdAt: now, updatedAt: now)
        var list = lists.removeValue(forKey: owner) ?? OwnerList()
        let position = list.nextPosition
        list.places.append(place)
        list.positions.append(position)
        list.revision += 1
        let ownerRevision = list.revision
        lists[owner] = list
        index[id] = PlaceLocation(owner: owner, position: position)
        count += 1
        revision += 1
        if existing == 0 { updateOwnership(of: owner, hasPlaces: true) }
        return AppliedMutation(
            outcome: .added(place),
            change: PlaceChange(kind: .added, revision: ownerRevision, storeRevision: revision, place: place),
            write: .insert(place, position: position))
    }

    private mutating func update(
        _ id: PlaceID, with patch: PlacePatch, ifVersion: Int64?, owner: UserID, now: Timestamp
    ) throws(StoreError) -> AppliedMutation {
        let slot = try locate(id, owner: owner)
        let current = lists[owner]!.places[slot]
        if let ifVersion, ifVersion != current.version {
            throw .conflict(currentVersion: current.version)
        }
        if patch.changesNothing(in: current) {
            return AppliedMutation(outcome: .updated(current), change: nil, write: nil)
        }
        // A clock that steps back must not make a place look older than it is.
        var place = patch.applied(to: current, at: max(now, current.updatedAt))
        place.version += 1
        let ownerRevision = modifyList(of: owner) { list in
            list.places[slot] = place
        }
        revision += 1
        return AppliedMutation(
            outcome: .updated(place),
            change: PlaceChange(kind: .updated, revision: ownerRevision, storeRevision: revision, place: place),
            write: .update(place))
    }

    private mutating func remove(_ id: PlaceID, ifVersion: Int64?, owner: UserID) throws(StoreError) -> AppliedMutation
    {
        let slot = try locate(id, owner: owner)
        let place = lists[owner]!.places[slot]
        if let ifVersion, ifVersion != place.version {
            throw .conflict(currentVersion: place.version)
        }
        var isEmpty = false
        let ownerRevision = modifyList(of: owner) { list in
            list.places.remove(at: slot)
            list.positions.remove(at: slot)
            isEmpty = list.places.isEmpty
        }
        index[id] = nil
        count -= 1
        revision += 1
        if isEmpty { updateOwnership(of: owner, hasPlaces: false) }
        return AppliedMutation(
            outcome: .removed(place),
            change: PlaceChange(kind: .removed, revision: ownerRevision, storeRevision: revision, place: place),
            write: .delete(id))
    }

    /// The index of `id` in `owner`'s list; a place of another owner is reported as not found.
    private func locate(_ id: PlaceID, owner: UserID) throws(StoreError) -> Int {
        guard let location = index[id], location.owner == owner,
            let slot = lists[owner]?.index(ofPosition: location.position)
        else { throw .notFound(id) }
        return slot
    }

    /// Changes `owner`'s list in place (copying it only if a snapshot still shares it) and counts one revision.
    private mutating func modifyList(of owner: UserID, _ body: (inout OwnerList) -> Void) -> Int64 {
        var list = lists.removeValue(forKey: owner) ?? OwnerList()
        body(&list)
        list.revision += 1
        let ownerRevision = list.revision
        lists[owner] = list
        return ownerRevision
    }
}
