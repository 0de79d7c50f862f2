import PlacesModel

extension StoreState {
    /// Adds every imported place at the end of `owner`'s list, in order, each as its own revision; refuses the
    /// whole import, changing nothing, if an id is in use or given twice, or if the places would pass `limit`.
    package mutating func importPlaces(
        _ imports: [PlaceImport], owner: UserID, now: Timestamp, limit: Int,
        generator: inout some RandomNumberGenerator
    ) throws(StoreError) -> AppliedMutation {
        guard !imports.isEmpty else { return AppliedMutation(outcome: .imported([])) }
        let existing = lists[owner]?.places.count ?? 0
        guard imports.count <= limit - existing else {
            throw .limitReached(
                "too many places for uid \(owner): the limit is \(limit), and importing \(imports.count) places "
                    + "to the \(existing) there would pass it")
        }
        var given: Set<PlaceID> = []
        for id in imports.lazy.compactMap(\.id) where index[id] != nil || !given.insert(id).inserted {
            throw .duplicateID(id)
        }
        var applied = AppliedMutation(outcome: .imported([]))
        var places: [Place] = []
        places.reserveCapacity(imports.count)
        for item in imports {
            var id = item.id ?? PlaceID.random(using: &generator)
            // A new id must not take one that a later place of the import gives.
            while item.id == nil, index[id] != nil || given.contains(id) {
                id = PlaceID.random(using: &generator)
            }
            places.append(add(item.draft, id: id, owner: owner, now: now, generator: &generator, into: &applied))
        }
        applied.outcome = .imported(places)
        return applied
    }
}
