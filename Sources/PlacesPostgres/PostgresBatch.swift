import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState

/// The statements that write one batch: each row the batch touched as it ends up (inserted, updated, deleted),
/// the owners' revisions, the change log entries, the store revision, the log's pruning and the notification.
///
/// Rows are written in their final form, once each, from the state after the batch: a place added and changed
/// in the same batch is inserted as it ended, one added and removed is not written at all, and the deletions
/// go first, so that an id a removed place had may be taken by an imported one.
struct PostgresBatch {
    private var deleted = PGArray(of: .int8)
    private var inserted = PlaceRows()
    private var updated = PlaceRows()
    private var changeRows = ChangeRows()
    private var hasDeletions = false

    /// The statements for `changes`, which leave the store at `next`, with places sealed by `cipher`.
    static func commands(
        for changes: [LoggedChange], next: StoreState, cipher: PlaceCipher?, prunedBelow pruned: Int64,
        pruningBelow oldest: Int64?, pruningOlderThan maximumAge: Int64?
    ) -> [PGCommand] {
        var batch = PostgresBatch()
        var touched: [(row: Int64, id: PlaceID)] = []
        var isNew: [Int64: Bool] = [:]
        func touch(_ row: Int64, _ id: PlaceID, added: Bool) {
            if isNew[row] == nil { touched.append((row, id)) }
            isNew[row] = (isNew[row] ?? false) || added
        }
        var owners: [UserID] = []
        for logged in changes {
            let place = logged.change.place
            touch(logged.row, place.id, added: logged.change.kind == .added)
            for renumbering in logged.renumbered {
                // A place renumbered and removed later in the batch is the removal's to write.
                if let slot = next.slot(of: renumbering.id) { touch(slot.row, renumbering.id, added: false) }
            }
            if !owners.contains(place.owner) { owners.append(place.owner) }
            batch.changeRows.append(logged, cipher: cipher)
        }
        for (row, id) in touched {
            let slot = next.slot(of: id).flatMap { $0.row == row ? $0 : nil }
            switch (slot, isNew[row] ?? false) {
            case (let slot?, true): batch.inserted.append(slot, cipher: cipher)
            case (let slot?, false): batch.updated.append(slot, cipher: cipher)
            case (nil, false):
                batch.deleted.append(int: row)
                batch.hasDeletions = true
            case (nil, true): break
            }
        }
        var commands: [PGCommand] = []
        if batch.hasDeletions { commands.append(PGCommand(PostgresSchema.deletePlaces, [batch.deleted.value])) }
        if !batch.inserted.isEmpty {
            commands.append(PGCommand(PostgresSchema.insertPlaces, batch.inserted.insertParameters))
        }
        if !batch.updated.isEmpty {
            commands.append(PGCommand(PostgresSchema.updatePlaces, batch.updated.updateParameters))
        }
        commands += batch.closingCommands(
            owners: owners.map { (uid: $0, revision: next.lists[$0]?.revision ?? 0) }, revision: next.revision,
            prunedBelow: pruned, pruningBelow: oldest, pruningOlderThan: maximumAge)
        commands.append(PGCommand(sql: "COMMIT"))
        return commands
    }

    /// The statements for `additions`, places added at the end of their lists and nothing else (as
    /// `StoreState.foretellAdditions` tells them), with places sealed by `cipher`; without the COMMIT.
    static func commands(
        forAdditions additions: [LoggedChange], cipher: PlaceCipher?, prunedBelow pruned: Int64,
        pruningBelow oldest: Int64?, pruningOlderThan maximumAge: Int64?
    ) -> [PGCommand] {
        var batch = PostgresBatch()
        var owners: [(uid: UserID, revision: Int64)] = []
        for logged in additions {
            let change = logged.change
            batch.inserted.append(
                PlaceSlot(place: change.place, position: logged.position, row: logged.row), cipher: cipher)
            batch.changeRows.append(logged, cipher: cipher)
            if let index = owners.firstIndex(where: { $0.uid == change.place.owner }) {
                owners[index].revision = change.revision
            } else {
                owners.append((change.place.owner, change.revision))
            }
        }
        return [PGCommand(PostgresSchema.insertPlaces, batch.inserted.insertParameters)]
            + batch.closingCommands(
                owners: owners, revision: additions.last?.change.storeRevision ?? 0, prunedBelow: pruned,
                pruningBelow: oldest, pruningOlderThan: maximumAge)
    }

    /// The statements after the places' rows: the owners' and the store's revisions, the change log entries,
    /// the log's pruning and the notification.
    private func closingCommands(
        owners: [(uid: UserID, revision: Int64)], revision: Int64, prunedBelow pruned: Int64,
        pruningBelow oldest: Int64?, pruningOlderThan maximumAge: Int64?
    ) -> [PGCommand] {
        var commands = [
            PGCommand(PostgresSchema.saveOwners, Self.ownerParameters(owners)),
            PGCommand(PostgresSchema.appendChanges, changeRows.parameters),
            PGCommand(PostgresSchema.saveRevision, [.int(revision)]),
        ]
        if let oldest { commands.append(PGCommand(PostgresSchema.pruneBelow, [.int(pruned), .int(oldest)])) }
        if let maximumAge {
            commands.append(PGCommand(PostgresSchema.pruneOlder, [.int(max(pruned, oldest ?? 0)), .int(maximumAge)]))
        }
        commands.append(PGCommand(PostgresSchema.notify, [.text(String(revision))]))
        return commands
    }
}

extension PostgresBatch {
    /// The parameters of `PostgresSchema.saveOwners` for `owners`.
    static func ownerParameters(_ owners: [(uid: UserID, revision: Int64)]) -> [PGValue?] {
        var uids = PGArray(of: .int8)
        var revisions = PGArray(of: .int8)
        for (uid, revision) in owners {
            uids.append(int: Int64(uid))
            revisions.append(int: revision)
        }
        return [uids.value, revisions.value]
    }
}

/// Place rows as the array parameters of one insert or update.
struct PlaceRows {
    private var rows = PGArray(of: .int8)
    private var ids = PGArray(of: .uuid)
    private var owners = PGArray(of: .int8)
    private var positions = PGArray(of: .int8)
    private var fields = PostgresPlaceColumns.Arrays()
    private(set) var isEmpty = true

    /// Adds the place in `slot`, sealed with `cipher` when there is one.
    mutating func append(_ slot: PlaceSlot, cipher: PlaceCipher?) {
        let place = slot.place
        rows.append(int: slot.row)
        ids.append(id: place.id)
        owners.append(int: Int64(place.owner))
        positions.append(int: slot.position)
        fields.append(place, cipher: cipher)
        isEmpty = false
    }

    /// Adds a row as another store held it, its sealed value as it is.
    mutating func append(_ stored: StoredRows.Place) {
        rows.append(int: stored.row)
        ids.append(id: stored.id)
        owners.append(int: Int64(stored.owner))
        positions.append(int: stored.position)
        fields.append(stored)
        isEmpty = false
    }

    /// The parameters of `PostgresSchema.insertPlaces`.
    var insertParameters: [PGValue?] {
        [rows.value, ids.value, owners.value, positions.value] + fields.values()
    }

    /// The parameters of `PostgresSchema.updatePlaces`.
    var updateParameters: [PGValue?] {
        [rows.value, positions.value] + fields.values(isUpdate: true)
    }
}
