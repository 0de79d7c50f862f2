import PlacesModel

extension StoreState {
    /// Commits the inverses of `plan` in memory, in order, each as an ordinary change that the log marks with the
    /// revision of the change it reverted (`PlaceChange.undid`); refuses the whole plan, leaving the state as it
    /// was, if a step is refused or `owner`'s list is no longer at the plan's revision.
    package mutating func undo(
        _ plan: UndoPlan, owner: UserID, now: Timestamp, maximumPlacesPerOwner: Int
    ) throws(StoreError) -> AppliedMutation {
        let current = lists[owner]?.revision ?? 0
        var trial = self
        var applied = AppliedMutation(outcome: .undone([]))
        var undone: [UndoneChange] = []
        var never = NeverRandom()
        for step in plan.steps {
            let mutation: Mutation
            let expected: Int64
            switch step.action {
            case .restore(let place, let index):
                let restored = try trial.restore(
                    place, at: index, owner: owner, now: now, limit: maximumPlacesPerOwner, into: &applied)
                applied.logged[applied.logged.count - 1].change.undid = step.reverted.revision
                undone.append(
                    UndoneChange(
                        reverted: step.reverted, place: restored, revision: applied.logged.last?.change.revision))
                continue
            case .remove(let id, let version):
                (mutation, expected) = (.remove(id, ifVersion: version), version)
            case .update(let id, let patch, let version):
                (mutation, expected) = (.update(id, patch, ifVersion: version), version)
            case .move(let id, let index, let version):
                (mutation, expected) = (.move(id, toIndex: index, ifVersion: version), version)
            }
            let one: AppliedMutation
            do throws(StoreError) {
                one = try trial.apply(
                    mutation, owner: owner, now: now, maximumPlacesPerOwner: maximumPlacesPerOwner, generator: &never)
            } catch .conflict(let currentVersion) {
                throw .cannotUndo(
                    "'\(step.reverted.place.name)' was changed after that change (version \(expected), "
                        + "now \(currentVersion))")
            } catch .notFound {
                throw .cannotUndo("'\(step.reverted.place.name)' was removed after that change")
            }
            undone.append(
                UndoneChange(
                    reverted: step.reverted, place: one.outcome.place, revision: one.logged.last?.change.revision))
            // The log records which change each inverse reverted, so that a later undo, on any host and after a
            // restart, takes the change before it.
            applied.logged += one.logged.map { logged in
                var logged = logged
                logged.change.undid = step.reverted.revision
                return logged
            }
            applied.writes += one.writes
        }
        // Checked after the steps, whose refusals name the place that changed: a change since the plan that
        // touched none of its places still means that the plan no longer reverts the last changes.
        guard current == plan.ownerRevision else {
            throw .cannotUndo("your places changed while the undo was being prepared (revision \(current)); try again")
        }
        self = trial
        applied.outcome = .undone(undone)
        return applied
    }

    /// Adds `place` back to `owner`'s list with its id, fields and creation time, at `offset` (clamped to the
    /// list), as version `place.version` updated at `now`; refuses if its id is in use or the list is full.
    private mutating func restore(
        _ removed: Place, at offset: Int, owner: UserID, now: Timestamp, limit: Int,
        into applied: inout AppliedMutation
    ) throws(StoreError) -> Place {
        let existing = lists[owner]?.places.count ?? 0
        guard existing < limit else {
            throw .limitReached("too many places for uid \(owner): the limit is \(limit)")
        }
        guard index[removed.id] == nil else {
            throw .cannotUndo("'\(removed.name)' cannot be added back: its id '\(removed.id)' is in use again")
        }
        var place = removed
        place.updatedAt = max(now, removed.updatedAt)
        let row = nextRow
        nextRow += 1
        let ((position, renumbered), ownerRevision) = modifyList(of: owner) { list in
            list.insert(place, row: row, at: min(max(offset, 0), list.places.count))
        }
        let inserted = index.insert(place.id, at: PlaceLocation(owner: owner, position: position))
        precondition(inserted, "place id \(place.id) added back twice")
        recordAddition(
            of: place, row: row, position: position, renumbered: renumbered, ownerRevision: ownerRevision,
            isFirst: existing == 0, into: &applied)
        return place
    }
}

/// The generator the inverses of an undo are applied with: none of them makes a new id.
private struct NeverRandom: RandomNumberGenerator {
    mutating func next() -> UInt64 { preconditionFailure("an undo made a new place id") }
}
