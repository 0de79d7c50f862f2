import Glibc
import PlacesFormats
import PlacesModel
import PlacesProtocol
import PlacesSealing
import PlacesState
import PlacesStore

extension Dispatcher {
    /// Runs one request's method (`method`, looked up from its name once by the caller; nil for an unknown one)
    /// for `caller`.
    func execute(_ request: RPCRequest, method: Method?, caller: Caller, sink: ReplySink) -> Execution {
        do throws(RPCError) {
            guard let method else {
                return .failure(.methodNotFound(request.method))
            }
            // Only now: an unknown method is -32601 whatever its params.
            guard !request.hasPositionalParams else { return .failure(.positionalParams) }
            switch method {
            case .add:
                let draft = try AddParams.decode(request.params).draft
                try checkVisitDates([draft.visitedAt])
                return .mutation(.add(draft))
            case .get:
                return try get(GetParams.decode(request.params), caller: caller)
            case .list:
                return try list(ListParams.decode(request.params), caller: caller)
            case .update:
                let params = try UpdateParams.decode(request.params)
                try checkVisitDates([params.patch.visitedAt])
                return .mutation(.update(params.id, params.patch, ifVersion: params.ifVersion))
            case .remove:
                let params = try RemoveParams.decode(request.params)
                return .mutation(.remove(params.id, ifVersion: params.ifVersion))
            case .move:
                let params = try MoveParams.decode(request.params)
                return .mutation(.move(params.id, toIndex: params.index, ifVersion: params.ifVersion))
            case .near:
                return try near(NearParams.decode(request.params), caller: caller)
            case .density:
                return try density(DensityParams.decode(request.params), caller: caller)
            case .resolve:
                return try resolve(ResolveParams.decode(request.params), caller: caller)
            case .tags:
                _ = try EmptyParams.decode(request.params)
                return try tags(caller: caller)
            case .importPlaces, .importBegin, .importAdd, .importCommit, .importAbort:
                return try executeImport(request, method: method, caller: caller, sink: sink)
            case .export:
                return try export(ExportParams.decode(request.params), caller: caller)
            case .backup:
                // Also the user a daemon runs as: that user owns the database file the backup copies.
                if caller.uid != Self.daemonUID {
                    try requireAdmin(
                        caller, for: Method.backup.rawValue,
                        advice: "a backup holds every user's places; keep your own with 'placesctl export'")
                }
                return try backups.start(BackupParams.decode(request.params))
            case .undo:
                return try undo(UndoParams.decode(request.params), caller: caller)
            case .history:
                return try history(HistoryParams.decode(request.params), caller: caller)
            case .discover:
                _ = try EmptyParams.decode(request.params)
                return .success { writer in writer.writeRaw(OpenRPCDocument.bytes) }
            case .watch:
                return try watch(WatchParams.decode(request.params), caller: caller, sink: sink)
            case .status:
                _ = try EmptyParams.decode(request.params)
                return status(caller: caller)
            case .unlock:
                // Also the user a daemon runs as: a user instance's places are that user's own.
                if caller.uid != Self.daemonUID { try requireAdmin(caller, for: Method.unlock.rawValue) }
                return try unlock(UnlockParams.decode(request.params), caller: caller)
            }
        } catch {
            return .failure(error)
        }
    }

    func requireAdmin(_ caller: Caller, for what: String = "allUsers", advice: String? = nil) throws(RPCError) {
        guard caller.isAdmin else {
            throw .permissionDenied(
                "\(what) is only for root and members of the group '\(settings.current.adminGroupName)'"
                    + (advice.map { "; \($0)" } ?? "") + "."
            )
        }
    }

    /// The uid this daemon runs as.
    static let daemonUID = getuid()

    /// The latest snapshot, or -32004 while the store is locked.
    func unlockedSnapshot() throws(RPCError) -> StoreSnapshot {
        let snapshot = store.snapshot()
        guard !snapshot.isLocked else { throw .locked() }
        return snapshot
    }

    private func get(_ params: GetParams, caller: Caller) throws(RPCError) -> Execution {
        if params.allUsers { try requireAdmin(caller) }
        guard let place = try unlockedSnapshot().place(params.id), params.allUsers || place.owner == caller.uid else {
            return .failure(.notFound(id: params.id.description))
        }
        let includeOwner = params.allUsers
        return .success { writer in PlaceEncoding.write(place, includeOwner: includeOwner, to: &writer) }
    }

    private func watch(_ params: WatchParams, caller: Caller, sink: ReplySink) throws(RPCError)
        -> Execution
    {
        if params.allUsers { try requireAdmin(caller) }
        // Once unlocked, a store never locks again: checking before subscribing leaves no gap.
        _ = try unlockedSnapshot()
        if let since = params.since {
            return resume(after: since, allUsers: params.allUsers, caller: caller, sink: sink)
        }
        let snapshot = hub.subscribe(sink, owner: params.allUsers ? nil : caller.uid, store: store)
        let (places, revision) = snapshot.visible(to: caller.uid, allUsers: params.allUsers)
        let includeOwner = params.allUsers
        let rendering = Self.keptRendering(of: places, allUsers: params.allUsers)
        return .success { writer in
            WatchResult.writeSnapshot(revision: revision, to: &writer) { writer in
                if let rendering {
                    writer.writeRaw(rendering.bytes[...])
                } else {
                    KeptRenderings.write(places, bounds: 0..<places.count, includeOwner: includeOwner, to: &writer)
                }
            }
        }
    }

    /// `places.watch` with `since`: on the store's writer, between two batches, the logged changes after `since`
    /// and a subscription from the revision they reach.
    private func resume(after since: Int64, allUsers: Bool, caller: Caller, sink: ReplySink) -> Execution {
        let owner = allUsers ? nil : caller.uid
        let (store, hub) = (self.store, self.hub)
        return .deferred { finish in
            store.history(after: since, of: owner) { history in
                switch history {
                case .success(.changes(let changes, let revision)):
                    hub.subscribe(sink, owner: owner, after: revision)
                    finish(
                        .success { writer in
                            WatchResult.writeResumed(
                                revision: revision, changes: changes, forAdmin: allUsers, to: &writer)
                        })
                case .success(.pruned(let oldest)):
                    finish(.failure(.historyPruned(since: since, oldestRevision: oldest)))
                case .success(.ahead(let current)):
                    finish(.failure(.historyAhead(since: since, currentRevision: current)))
                case .failure(let error):
                    finish(.failure(RPCError(error)))
                }
            }
        }
    }

    private func export(_ params: ExportParams, caller: Caller) throws(RPCError) -> Execution {
        if params.allUsers { try requireAdmin(caller) }
        let places = Array(try unlockedSnapshot().visible(to: caller.uid, allUsers: params.allUsers).places)
        let includeOwner = params.allUsers
        // KMZ is written here, before the reply, so that a refusal (an archive over zip's limits) is its error.
        let kmz = params.format == .kmz ? try KMZExport.kmz(places, groupByTag: params.groupByTag) : []
        return .success { writer in
            switch params.format {
            case .kml:
                // Straight into the reply's string: the document is tens of megabytes for a large store.
                ExportResult.write(format: .kml, to: &writer) { out in
                    KMLExport.writeJSONString(places, groupByTag: params.groupByTag, to: &out)
                }
            case .kmz:
                ExportResult.write(format: .kmz, to: &writer) { out in out.writeString(Base64.encode(kmz)) }
            case .json, .geojson, .gpx, .csv:
                ExportResult.write(format: params.format, places: places, includeOwner: includeOwner, to: &writer)
            }
        }
    }

    private func status(caller: Caller) -> Execution {
        let snapshot = store.snapshot()
        let status = ServerStatus(
            version: DaemonCommandLine.version, uptime: statistics.uptimeSeconds,
            places: snapshot.count(of: caller.uid),
            revision: snapshot.revision(of: caller.uid), connections: statistics.connections.load(ordering: .relaxed),
            database: store.path, isLocked: snapshot.isLocked)
        return .success { writer in status.write(to: &writer) }
    }
}

extension StoreSnapshot {
    /// What a caller sees: its own places and revision, or with `allUsers` every place and the store's revision.
    func visible(to uid: UserID, allUsers: Bool) -> (places: PlaceList, revision: Int64) {
        allUsers ? (allPlaces(), revision) : (places(of: uid), revision(of: uid))
    }
}
