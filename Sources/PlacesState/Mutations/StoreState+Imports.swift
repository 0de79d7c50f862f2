import PlacesModel

extension StoreState {
    /// What an import does with one of its places.
    private enum ImportStep {
        /// Adds it (with its id, or a new one).
        case add
        /// Leaves it out: its id is in use (`onConflict: skip`).
        case skipIDInUse
        /// Gives the caller's place with its id the imported fields (`onConflict: replace`).
        case replace
    }

    /// Adds every imported place at the end of `owner`'s list, in order, each as its own revision; ids in use
    /// are refused, skipped or replaced as `options` say, and places without an id that duplicate one already
    /// there are left out with `skipDuplicates`. Refuses the whole import, changing nothing, if an id is given
    /// twice, in use (with `onConflict: fail`, or another owner's with `replace`), or if the places added would
    /// pass `limit`. A dry run works the import out on a copy and changes nothing.
    package mutating func importPlaces(
        _ imports: [PlaceImport], options: ImportOptions, owner: UserID, now: Timestamp, limit: Int,
        generator: inout some RandomNumberGenerator
    ) throws(StoreError) -> AppliedMutation {
        let steps = try importSteps(imports, onConflict: options.onConflict, owner: owner)
        var work = self
        var applied = AppliedMutation(outcome: .imported([], ImportTally()))
        var tally = ImportTally(isDryRun: options.isDryRun)
        var places: [Place] = []
        places.reserveCapacity(imports.count)
        let given = Set(imports.lazy.compactMap(\.id))
        for (item, step) in zip(imports, steps) {
            switch step {
            case .skipIDInUse:
                tally.skippedIDInUse += 1
            case .replace:
                tally.replaced += 1
                guard let id = item.id else { preconditionFailure("a place without an id replaces one") }
                work.replace(id, with: item.draft, owner: owner, now: now, into: &applied)
            case .add:
                if item.id == nil, options.skipDuplicates, work.hasDuplicate(of: item.draft, owner: owner) {
                    tally.skippedDuplicates += 1
                    continue
                }
                var id = item.id ?? PlaceID.random(using: &generator)
                // A new id must not take one that a later place of the import gives.
                while item.id == nil, work.index[id] != nil || given.contains(id) {
                    id = PlaceID.random(using: &generator)
                }
                tally.added += 1
                places.append(
                    work.add(item.draft, id: id, owner: owner, now: now, generator: &generator, into: &applied))
            }
        }
        let existing = lists[owner]?.places.count ?? 0
        guard tally.added <= limit - existing else {
            throw .limitReached(
                "too many places for uid \(owner): the limit is \(limit), and importing \(tally.added) places "
                    + "to the \(existing) there would pass it")
        }
        if options.isDryRun {
            return AppliedMutation(outcome: .imported([], tally))
        }
        self = work
        applied.outcome = .imported(places, tally)
        return applied
    }

    /// What to do with each imported place that gives an id, before anything changes; throws
    /// `StoreError.duplicateID` for an id given twice, or in use when `onConflict` does not allow it.
    private func importSteps(
        _ imports: [PlaceImport], onConflict: ImportOptions.ConflictPolicy, owner: UserID
    ) throws(StoreError) -> [ImportStep] {
        var given: Set<PlaceID> = []
        var steps: [ImportStep] = []
        steps.reserveCapacity(imports.count)
        for item in imports {
            guard let id = item.id else {
                steps.append(.add)
                continue
            }
            guard given.insert(id).inserted else { throw .duplicateID(id) }
            guard let location = index[id] else {
                steps.append(.add)
                continue
            }
            switch onConflict {
            case .fail: throw .duplicateID(id)
            case .skip: steps.append(.skipIDInUse)
            // Another user's place is not the caller's to replace.
            case .replace where location.owner != owner: throw .duplicateID(id)
            case .replace: steps.append(.replace)
            }
        }
        return steps
    }

    /// Gives the caller's place `id` the fields of `draft` as its next version, in place, unless they are its
    /// fields already; records the change in `applied`.
    private mutating func replace(
        _ id: PlaceID, with draft: PlaceDraft, owner: UserID, now: Timestamp, into applied: inout AppliedMutation
    ) {
        guard let (offset, current) = try? locate(id, owner: owner) else {
            preconditionFailure("place \(id) to replace is not the owner's")
        }
        let old = current.place
        var imported = Place(
            id: id, owner: owner, draft: draft, version: old.version, createdAt: old.createdAt,
            updatedAt: old.updatedAt)
        guard imported != old else { return }
        // A clock that steps back must not make a place look older than it is.
        imported.updatedAt = max(now, old.updatedAt)
        let stored = storeNewVersion(of: current, at: offset, owner: owner, as: imported)
        applied.logged += stored.logged
        applied.writes += stored.writes
    }

    /// Whether `owner` has a place that `DuplicateRule` matches with `draft`.
    private func hasDuplicate(of draft: PlaceDraft, owner: UserID) -> Bool {
        guard let list = lists[owner] else { return false }
        // Few places lie within the radius; ask for more only when every one found so far is a different name.
        var limit = 8
        while true {
            let found = list.spatial.nearest(to: draft.coordinate, radius: DuplicateRule.radius, limit: limit)
            let matches = found.contains { found in
                found.stored._withUnsafeGuaranteedRef { stored in
                    DuplicateRule.isDuplicate(
                        name: draft.name, at: draft.coordinate, of: stored.place.name, at: stored.place.coordinate)
                }
            }
            if matches { return true }
            guard found.count == limit, limit < list.places.count else { return false }
            limit *= 8
        }
    }
}
