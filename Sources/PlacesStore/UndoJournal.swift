import PlacesModel
import PlacesState

/// What undo needs beyond the change log, kept in memory only (so lost when placesd stops): where a removed or
/// moved place stood before, and which changes were undos and which they reverted.
///
/// The log holds every change with the place after it, but neither list positions nor which change an undo was:
/// keeping those here needs no new column in either engine. Bounded: the notes of each owner's last
/// `notesPerOwner` revisions.
struct UndoJournal {
    private var owners: [UserID: OwnerNotes] = [:]

    /// How many of an owner's latest revisions keep their notes.
    static let notesPerOwner: Int64 = 10_000

    private struct OwnerNotes {
        var previousIndexes: [Int64: Int] = [:]
        /// An undo's change revision → the revision of the change it reverted.
        var undid: [Int64: Int64] = [:]
        /// The revisions of changes an undo reverted.
        var reverted: Set<Int64> = []
        var newest: Int64 = 0

        mutating func prune() {
            let oldest = newest - UndoJournal.notesPerOwner
            guard previousIndexes.count + undid.count + reverted.count > 3 * Int(UndoJournal.notesPerOwner) else {
                return
            }
            previousIndexes = previousIndexes.filter { $0.key > oldest }
            undid = undid.filter { $0.key > oldest }
            reverted = reverted.filter { $0 > oldest }
        }
    }

    /// Notes that the change at `revision` of `owner` took a place from `index` of the list.
    mutating func note(previousIndex index: Int, of revision: Int64, owner: UserID) {
        owners[owner, default: OwnerNotes()].previousIndexes[revision] = index
        update(owner, newest: revision)
    }

    /// Notes that an undo by `owner` reverted the change at `reverted`, as the change at `revision` (nil when its
    /// inverse changed nothing).
    mutating func note(undoOf reverted: Int64, as revision: Int64?, owner: UserID) {
        owners[owner, default: OwnerNotes()].reverted.insert(reverted)
        if let revision {
            owners[owner, default: OwnerNotes()].undid[revision] = reverted
            update(owner, newest: revision)
        }
    }

    /// Whether `applied` leaves anything to note: a place taken from its index (a remove or move) or an undo.
    static func needsNote(_ applied: AppliedMutation) -> Bool {
        if applied.previousIndex != nil { return true }
        if case .undone = applied.outcome { return true }
        return false
    }

    /// Notes what undo needs of a mutation by `owner` that the batch applied: where a removed or moved place
    /// stood, or which changes an undo reverted.
    mutating func note(_ applied: AppliedMutation, owner: UserID) {
        if let index = applied.previousIndex, let revision = applied.logged.last?.change.revision {
            note(previousIndex: index, of: revision, owner: owner)
        }
        if case .undone(let undone) = applied.outcome {
            for change in undone {
                note(undoOf: change.reverted.revision, as: change.revision, owner: owner)
            }
        }
    }

    /// Where the place of `owner`'s change at `revision` stood before it, if noted.
    func previousIndex(of revision: Int64, owner: UserID) -> Int? {
        owners[owner]?.previousIndexes[revision]
    }

    /// The revision of the change that `owner`'s change at `revision` undid, if it was an undo.
    func undoneRevision(by revision: Int64, owner: UserID) -> Int64? {
        owners[owner]?.undid[revision]
    }

    /// Whether `owner`'s change at `revision` is out of undo's reach: an undo itself, or reverted by one.
    func isSettled(_ revision: Int64, owner: UserID) -> Bool {
        guard let notes = owners[owner] else { return false }
        return notes.undid[revision] != nil || notes.reverted.contains(revision)
    }

    private mutating func update(_ owner: UserID, newest revision: Int64) {
        guard var notes = owners[owner] else { return }
        notes.newest = max(notes.newest, revision)
        notes.prune()
        owners[owner] = notes
    }
}
