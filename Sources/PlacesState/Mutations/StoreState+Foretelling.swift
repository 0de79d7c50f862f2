import PlacesModel

/// A place to add at the end of its owner's list with a chosen id, for `StoreState.foretellAdditions`.
package struct Addition: Sendable {
    package var draft: PlaceDraft
    package var owner: UserID
    package var id: PlaceID

    package init(draft: PlaceDraft, owner: UserID, id: PlaceID) {
        self.draft = draft
        self.owner = owner
        self.id = id
    }
}

extension StoreState {
    /// The changes that adding `additions` in order, at `now`, would log once `caughtUp` (changes other hosts
    /// committed after this state, in order) were replayed, worked out without replaying them or adding anything:
    /// so that a host can send a batch's rows while it brings its state up to date. Nil when that cannot be told
    /// so simply: a change in `caughtUp` that is not an addition at a list's end without renumbering, an addition
    /// past `maximumPlacesPerOwner` or that needs a renumbering, or an id in use.
    ///
    /// A host that sends what this returns makes the changes in memory afterwards, as any batch, and commits
    /// only if they came out the same.
    package func foretellAdditions(
        _ additions: [Addition], after caughtUp: [LoggedChange], now: Timestamp, maximumPlacesPerOwner: Int
    ) -> [LoggedChange]? {
        struct Owner {
            var revision: Int64
            var count: Int
            var lastPosition: Int64?
        }
        var owners: [UserID: Owner] = [:]
        func owner(_ uid: UserID) -> Owner {
            if let known = owners[uid] { return known }
            let list = lists[uid]
            return Owner(
                revision: list?.revision ?? 0, count: list?.places.count ?? 0, lastPosition: list?.places.lastPosition)
        }
        var storeRevision = revision
        var row = nextRow
        var added = Set<PlaceID>()
        for logged in caughtUp {
            let change = logged.change
            var list = owner(change.place.owner)
            guard change.kind == .added, logged.renumbered.isEmpty, change.storeRevision == storeRevision + 1,
                change.revision == list.revision + 1, list.lastPosition.map({ $0 < logged.position }) ?? true,
                added.insert(change.place.id).inserted
            else { return nil }
            storeRevision += 1
            list.revision += 1
            list.count += 1
            list.lastPosition = logged.position
            owners[change.place.owner] = list
            row = max(row, logged.row + 1)
        }
        var foretold: [LoggedChange] = []
        foretold.reserveCapacity(additions.count)
        for addition in additions {
            var list = owner(addition.owner)
            guard list.count < maximumPlacesPerOwner, index[addition.id] == nil, added.insert(addition.id).inserted,
                let position = ListPositions.free(after: list.lastPosition, before: nil)
            else { return nil }
            storeRevision += 1
            list.revision += 1
            list.count += 1
            list.lastPosition = position
            owners[addition.owner] = list
            let place = Place(
                id: addition.id, owner: addition.owner, draft: addition.draft, version: 1, createdAt: now,
                updatedAt: now)
            foretold.append(
                LoggedChange(
                    change: PlaceChange(
                        kind: .added, revision: list.revision, storeRevision: storeRevision, place: place),
                    row: row, position: position))
            row += 1
        }
        return foretold
    }
}
