import PlacesModel
import PlacesState

/// Works out the inverses of an owner's last changes from the change log and the current state.
///
/// Undo works like a stack: the changes it takes are the owner's newest ones that are neither undos nor reverted
/// by one, so a second undo reverts the change before the one the first reverted. The log tells both: an undo's
/// changes carry the revision they reverted (`PlaceChange.undid`), and removals and moves the index they took the
/// place from. Changes logged before the log kept these count as ordinary changes whose index is unknown.
struct UndoPlanner {
    /// The owner's logged changes up to the state's revision, oldest first.
    let log: [PlaceChange]
    /// The state the plan starts from.
    let state: StoreState
    /// The caller.
    let owner: UserID

    /// The plan for the last `count` changes, or why there is none.
    func plan(count: Int) throws(StoreError) -> UndoPlan {
        let current = state.lists[owner]?.revision ?? 0
        guard log.last?.revision ?? 0 == current else {
            throw .cannotUndo("the change log does not reach your latest change (revision \(current)); try again")
        }
        let oldest = log.first?.revision ?? current + 1
        let reverted = Set(log.lazy.compactMap(\.undid))
        let targets = Array(
            log.reversed().lazy.filter { $0.undid == nil && !reverted.contains($0.revision) }.prefix(count))
        guard targets.count == count else {
            if oldest > 1 {
                throw .cannotUndo(
                    "the change log no longer holds the change to undo: it keeps your changes from revision \(oldest) on"
                )
            }
            throw .cannotUndo(
                targets.isEmpty
                    ? "there is nothing to undo"
                    : targets.count == 1
                        ? "there is only 1 change to undo" : "there are only \(targets.count) changes to undo")
        }
        var versions: [PlaceID: Int64?] = [:]
        var steps: [UndoPlan.Step] = []
        for target in targets {
            let id = target.place.id
            let version = versions[id] ?? state.place(id).map(\.version)
            let step = try step(reverting: target, at: version)
            switch step.action {
            case .remove: versions[id] = .some(nil)
            case .restore(let place, _): versions[id] = place.version
            case .update: versions[id] = (version ?? 0) + 1
            case .move: versions[id] = version
            }
            steps.append(step)
        }
        return UndoPlan(steps: steps, ownerRevision: current)
    }

    private func step(reverting change: PlaceChange, at version: Int64?) throws(StoreError) -> UndoPlan.Step {
        let place = change.place
        if change.kind == .removed {
            guard version == nil else {
                throw .cannotUndo("'\(place.name)' was added back after its removal (now at version \(version ?? 0))")
            }
            var restored = place
            restored.version += 1
            // A removal logged before the log kept indexes puts the place back at the end of the list.
            let index = change.previousIndex ?? Int.max
            return UndoPlan.Step(reverting: change, with: .restore(restored, index: index))
        }
        guard let version else {
            throw .cannotUndo("'\(place.name)' was removed after that change (version \(place.version))")
        }
        switch change.kind {
        case .added:
            return UndoPlan.Step(reverting: change, with: .remove(place.id, ifVersion: version))
        case .moved:
            guard let index = change.previousIndex else {
                throw .cannotUndo(
                    "where '\(place.name)' stood before its move is not known: the move was logged before placesd "
                        + "kept list positions in its change log")
            }
            return UndoPlan.Step(reverting: change, with: .move(place.id, toIndex: index, ifVersion: version))
        case .updated, .removed:
            guard let before = log.last(where: { $0.place.id == place.id && $0.revision < change.revision }) else {
                throw .cannotUndo("the change log no longer holds '\(place.name)' as it was before that update")
            }
            return UndoPlan.Step(
                reverting: change,
                with: .update(place.id, Self.patch(from: place, to: before.place), ifVersion: version))
        }
    }

    /// The patch that gives the fields of `place` that differ from `earlier` their earlier values.
    static func patch(from place: Place, to earlier: Place) -> PlacePatch {
        // An update that changed no field a client sets yields the patch that keeps them all.
        PlacePatch.reverting(place, to: earlier) ?? (try? PlacePatch(isVisited: place.isVisited))!
    }
}
