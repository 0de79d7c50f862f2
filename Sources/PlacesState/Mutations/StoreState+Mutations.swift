import PlacesModel

extension StoreState {
    /// Applies `mutation` by `owner` in memory, or throws why it is refused (leaving the state as it was); an
    /// addition gets `id` if given (it must be free), and new ids come from `generator`.
    package mutating func apply(
        _ mutation: Mutation, owner: UserID, now: Timestamp, maximumPlacesPerOwner: Int, id: PlaceID? = nil,
        generator: inout some RandomNumberGenerator
    ) throws(StoreError) -> AppliedMutation {
        switch mutation {
        case .add(let draft):
            let existing = lists[owner]?.places.count ?? 0
            guard existing < maximumPlacesPerOwner else {
                throw .limitReached("too many places for uid \(owner): the limit is \(maximumPlacesPerOwner)")
            }
            var applied = AppliedMutation(outcome: .imported([], ImportTally()))
            let place = add(draft, id: id, owner: owner, now: now, generator: &generator, into: &applied)
            applied.outcome = .added(place)
            return applied
        case .update(let id, let patch, let ifVersion):
            return try update(id, with: patch, ifVersion: ifVersion, owner: owner, now: now)
        case .remove(let id, let ifVersion):
            return try remove(id, ifVersion: ifVersion, owner: owner)
        case .move(let id, let index, let ifVersion):
            return try move(id, to: index, ifVersion: ifVersion, owner: owner)
        case .importPlaces(let imports, let options):
            return try importPlaces(
                imports, options: options, owner: owner, now: now, limit: maximumPlacesPerOwner,
                generator: &generator)
        case .undo(let plan):
            return try undo(plan, owner: owner, now: now, maximumPlacesPerOwner: maximumPlacesPerOwner)
        }
    }

    /// Adds a place at the end of `owner`'s list with `id` (which must be free) or a new one; records its change
    /// and writes in `applied`. The caller checked the limit.
    package mutating func add(
        _ draft: PlaceDraft, id: PlaceID?, owner: UserID, now: Timestamp, generator: inout some RandomNumberGenerator,
        into applied: inout AppliedMutation
    ) -> Place {
        let existing = lists[owner]?.places.count ?? 0
        let row = nextRow
        // A place added last usually gets the position after the last one, known before it is inserted: its id
        // then goes into the index first, in the one walk that also finds whether a new random id is taken
        // (about never). Without a gap at the end the insertion renumbers, and the id goes in afterwards.
        let freePosition = lists[owner, default: OwnerList()].freePositionAtEnd
        var newID = id ?? PlaceID.random(using: &generator)
        if let freePosition {
            while !index.insert(newID, at: PlaceLocation(owner: owner, position: freePosition)) {
                precondition(id == nil, "place id \(newID) added twice")
                newID = PlaceID.random(using: &generator)
            }
        } else {
            while id == nil, index[newID] != nil {
                newID = PlaceID.random(using: &generator)
            }
        }
        let place = Place(id: newID, owner: owner, draft: draft, version: 1, createdAt: now, updatedAt: now)
        nextRow += 1
        let ((position, renumbered), ownerRevision) = modifyList(of: owner) { list in
            list.insert(place, row: row, at: list.places.count)
        }
        if let freePosition {
            precondition(position == freePosition && renumbered.isEmpty, "a place added last was not put at the end")
        } else {
            let inserted = index.insert(newID, at: PlaceLocation(owner: owner, position: position))
            precondition(inserted, "place id \(newID) added twice")
        }
        recordAddition(
            of: place, row: row, position: position, renumbered: renumbered, ownerRevision: ownerRevision,
            isFirst: existing == 0, into: &applied)
        return place
    }

    /// Counts a place just inserted into its owner's list (the first one there if `isFirst`), and records its
    /// `added` change, its row and the places renumbered for it in `applied`.
    package mutating func recordAddition(
        of place: Place, row: Int64, position: Int64, renumbered: [PositionChange], ownerRevision: Int64,
        isFirst: Bool, into applied: inout AppliedMutation
    ) {
        record(renumbered, of: place.owner, into: &applied)
        count += 1
        revision += 1
        if isFirst { updateOwnership(of: place.owner, hasPlaces: true) }
        applied.logged.append(
            LoggedChange(
                change: PlaceChange(kind: .added, revision: ownerRevision, storeRevision: revision, place: place),
                row: row, position: position, renumbered: renumbered.map(\.renumbering)))
        applied.writes.append(.insert(place, position: position, row: row))
    }

    private mutating func update(
        _ id: PlaceID, with patch: PlacePatch, ifVersion: Int64?, owner: UserID, now: Timestamp
    ) throws(StoreError) -> AppliedMutation {
        let (offset, current) = try locate(id, owner: owner)
        if let ifVersion, ifVersion != current.place.version {
            throw .conflict(currentVersion: current.place.version)
        }
        if patch.changesNothing(in: current.place) {
            return AppliedMutation(outcome: .updated(current.place))
        }
        // A clock that steps back must not make a place look older than it is.
        let changed = current.place.applying(patch, at: max(now, current.place.updatedAt))
        // Tags added to the place's tags as they are now can come to more than a place may hold.
        guard changed.tags.count <= TagRules.maximumCount else {
            throw .limitReached(
                "Failed to add tags: the place would have \(changed.tags.count) tags; a place holds at most "
                    + "\(TagRules.maximumCount)")
        }
        return storeNewVersion(of: current, at: offset, owner: owner, as: changed)
    }

    /// Puts `changed` (the place in `current`, at `offset` in `owner`'s list, with new fields and `updatedAt`) in
    /// its place as the next version, and records its `updated` change and write.
    package mutating func storeNewVersion(
        of current: PlaceSlot, at offset: Int, owner: UserID, as changed: Place
    ) -> AppliedMutation {
        var place = changed
        place.version = current.place.version + 1
        let (_, ownerRevision) = modifyList(of: owner) { list in
            list.replace(at: offset, with: place)
        }
        revision += 1
        let change = PlaceChange(kind: .updated, revision: ownerRevision, storeRevision: revision, place: place)
        return AppliedMutation(
            outcome: .updated(place),
            logged: [LoggedChange(change: change, row: current.row, position: current.position)],
            writes: [.update(place, row: current.row)])
    }

    private mutating func remove(_ id: PlaceID, ifVersion: Int64?, owner: UserID) throws(StoreError) -> AppliedMutation
    {
        let (offset, current) = try locate(id, owner: owner)
        let place = current.place
        if let ifVersion, ifVersion != place.version {
            throw .conflict(currentVersion: place.version)
        }
        let (isEmpty, ownerRevision) = modifyList(of: owner) { list in
            list.remove(at: offset)
            return list.places.isEmpty
        }
        index[id] = nil
        count -= 1
        revision += 1
        if isEmpty { updateOwnership(of: owner, hasPlaces: false) }
        let change = PlaceChange(
            kind: .removed, revision: ownerRevision, storeRevision: revision, place: place, previousIndex: offset)
        return AppliedMutation(
            outcome: .removed(place),
            logged: [LoggedChange(change: change, row: current.row, position: current.position)],
            writes: [.delete(row: current.row)])
    }

    /// The index of `id` in `owner`'s list and its slot; a place of another owner is reported as not found.
    package func locate(_ id: PlaceID, owner: UserID) throws(StoreError) -> (Int, PlaceSlot) {
        guard let location = index[id], location.owner == owner, let list = lists[owner],
            let offset = list.index(ofPosition: location.position)
        else { throw .notFound(id) }
        return (offset, list.places.slot(at: offset))
    }

    /// Points the index at the new positions of places a renumbering moved, and writes them.
    package mutating func record(_ renumbered: [PositionChange], of owner: UserID, into applied: inout AppliedMutation)
    {
        for change in renumbered {
            index[change.place.id] = PlaceLocation(owner: owner, position: change.newPosition)
            applied.writes.append(.reposition(row: change.row, position: change.newPosition))
        }
    }

    /// Changes `owner`'s list in place (copying only the parts a snapshot still shares) and counts one revision;
    /// returns what `body` returned and the owner's new revision.
    package mutating func modifyList<Result>(
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
