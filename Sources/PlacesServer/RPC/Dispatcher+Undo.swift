import PlacesModel
import PlacesProtocol
import PlacesState
import PlacesStore

extension Dispatcher {
    /// `places.undo`: reverts the caller's last `count` changes as new changes (see `PlaceStore.undo`), and
    /// answers `{"undone": [the changes reverted, with each place after its inverse], "revision": R}`.
    func undo(_ params: UndoParams, caller: Caller) throws(RPCError) -> Execution {
        _ = try unlockedSnapshot()
        return .deferred { [store] finish in
            store.undo(count: params.count, owner: caller.uid) { outcome in
                switch outcome {
                case .success(.undone(let undone)):
                    let revision = store.snapshot().revision(of: caller.uid)
                    finish(
                        .success { out in
                            HistoryItem.write(list: HistoryItem.undoneKey, undone, revision: revision, to: &out) {
                                item, out in
                                let change = PlaceChange(
                                    kind: item.reverted.kind, revision: item.reverted.revision,
                                    storeRevision: item.reverted.storeRevision, place: item.place)
                                HistoryItem.write(change, fields: nil, undid: nil, to: &out)
                            }
                        })
                case .success: finish(.failure(.internalError("an undo came back as another change")))
                case .failure(let error): finish(.failure(RPCError(error)))
                }
            }
        }
    }

    /// `places.history`: the caller's changes from the change log, newest first, at most `limit`, only those of
    /// `id` when given; `{"changes": [...], "revision": R}`.
    func history(_ params: HistoryParams, caller: Caller) throws(RPCError) -> Execution {
        _ = try unlockedSnapshot()
        return .deferred { [store] finish in
            store.loggedChanges(of: caller.uid) { result in
                switch result {
                case .success(let entries):
                    let revision = entries.last?.revision ?? store.snapshot().revision(of: caller.uid)
                    let listed = Self.newestFirst(entries, of: params.id, limit: params.limit)
                    finish(
                        .success { out in
                            HistoryItem.write(list: HistoryItem.changesKey, listed, revision: revision, to: &out) {
                                item, out in
                                HistoryItem.write(
                                    item.change, fields: item.fields, undid: item.change.undid, to: &out)
                            }
                        })
                case .failure(let error): finish(.failure(RPCError(error)))
                }
            }
        }
    }

    /// The newest `limit` entries (of `id` when given), each with the fields an update changed when the log holds
    /// the place's entry before it.
    private static func newestFirst(
        _ entries: [PlaceChange], of id: PlaceID?, limit: Int
    ) -> [(change: PlaceChange, fields: [PlaceField]?)] {
        var listed: [(change: PlaceChange, fields: [PlaceField]?)] = []
        for (offset, change) in entries.enumerated().reversed() where id == nil || change.place.id == id {
            guard listed.count < limit else { break }
            var fields: [PlaceField]?
            if change.kind == .updated,
                let before = entries[..<offset].last(where: { $0.place.id == change.place.id })
            {
                fields = changedFields(from: before.place, to: change.place)
            }
            listed.append((change, fields))
        }
        return listed
    }

    private static func changedFields(from before: Place, to after: Place) -> [PlaceField] {
        // Stored places validate again; the model hands out each field a client sets, so none is named here.
        guard let before = try? PlaceDraft(validating: before), let after = try? PlaceDraft(validating: after) else {
            return []
        }
        return PlaceField.draftFields.filter { before.value(of: $0) != after.value(of: $0) }
    }
}
